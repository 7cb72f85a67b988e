"""CardtableEnv: a game in the shape of PettingZoo's AEC API.

Agents are "player_S" for the seats the caller plays (seat S, from 0); seats
given to bots are played inside the environment and are not agents. The
observation of an agent is {"observation": float32 vector, "action_mask":
int8 vector} as in PettingZoo's card games, and the agent to act also finds
its mask in infos[agent]["action_mask"]. Rewards come at the end: each
agent's return (War, Watchtower: the winner players−1 or a share, losers −1;
Regicide: 1 for a win, enemies defeated / 12 otherwise).
"""

import random

from . import _lib
from .game import Game, describe
from .spaces import Box, Dict, Discrete

__all__ = ["CardtableEnv", "env"]


def env(game, **kwargs):
    """A CardtableEnv of game (see CardtableEnv for the arguments)."""
    return CardtableEnv(game, **kwargs)


class CardtableEnv:
    """One of cardtable's games as a PettingZoo-style AEC environment.

    game: "war", "regicide" or "watchtower"; options: the game's options
    (dict or "key=value,..."); bots: {seat: spec} for seats the environment
    plays ("heuristic", "expert", "expert:iterations=200", "random");
    settings: the environment's own ("slap-ms=reaction"); max_steps: the
    agents' steps after which the game is truncated (None: never);
    render_mode: None or "ansi".
    """

    def __init__(self, game, options=None, bots=None, settings="", max_steps=None, render_mode=None):
        bots = dict(bots or {})
        self._game = Game(game, options, bots, settings, seed=0)
        self.description = describe(game, options)
        seats = [s for s in range(self._game.num_players) if s not in bots]
        if not seats:
            raise _lib.BadArgument("every seat is a bot's: leave at least one seat to the agents")
        self.metadata = {"name": "cardtable_%s_v0" % game, "render_modes": ["ansi"],
                         "is_parallelizable": False}
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents = ["player_%d" % s for s in seats]
        self._seat_of = {a: s for a, s in zip(self.possible_agents, seats)}
        self._agent_of = {s: a for a, s in self._seat_of.items()}
        obs = Box(0.0, 1.0, (self._game.obs_size,), "float32")
        mask = Box(0, 1, (self._game.num_actions,), "int8")
        self.observation_spaces = {a: Dict({"observation": obs, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: Discrete(self._game.num_actions) for a in self.possible_agents}
        self.agents = []
        self.rewards, self._cumulative_rewards = {}, {}
        self.terminations, self.truncations, self.infos = {}, {}, {}
        self.agent_selection = None
        self._seeder = None
        self._cache = None

    # PettingZoo's API.

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    @property
    def unwrapped(self):
        return self

    def reset(self, seed=None, options=None):
        """Deals a new game. reset(seed=S) deals the game `cardtable play GAME
        --seed S` deals; later resets without a seed draw their seeds from a
        generator seeded with S (or from the system when no seed was ever
        given). options is accepted and ignored (the game's options are the
        constructor's)."""
        if seed is not None:
            self._seeder = random.Random(seed)
            game_seed = seed
        else:
            if self._seeder is None:
                self._seeder = random.Random()
            game_seed = self._seeder.getrandbits(64)
        self.seed = game_seed
        self._game.reset(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._steps = 0
        self._select(self._game.next_seat())

    def _select(self, seat, obs=None, mask=None):
        """Makes seat the agent to act; obs and mask, when given, are its own."""
        infos, previous = self.infos, self.agent_selection
        if previous in infos:
            infos[previous].pop("action_mask", None)
        agent = self._agent_of[seat]
        self.agent_selection = agent
        if mask is None:
            mask = self._game.legal_mask(seat)
        infos[agent]["action_mask"] = mask
        self._cache = (agent, obs, mask)

    def observe(self, agent):
        """agent's observation: {"observation": …, "action_mask": …}."""
        cached = self._cache
        if cached is not None and cached[0] == agent and cached[1] is not None:
            return {"observation": cached[1], "action_mask": cached[2]}
        seat = self._seat_of[agent]
        return {"observation": self._game.observe(seat), "action_mask": self._game.legal_mask(seat)}

    def last(self, observe=True):
        """(observation, cumulative reward, terminated, truncated, info) of
        the agent to act."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter=2**63):
        """Yields the agent to act until every agent is done (or max_iter)."""
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection

    def step(self, action):
        """Plays action (an index) for the agent to act, then the bots. A done
        agent steps None, which removes it. An illegal index raises
        IllegalAction and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._dead_step(action)
            return
        if action is None:
            raise _lib.IllegalAction("%s is to act: step an action index, not None" % agent)
        seat = self._seat_of[agent]
        nxt, obs, mask = self._game.step_observe(seat, int(action))
        self._steps += 1
        self._cumulative_rewards[agent] = 0
        if nxt >= 0 and (self.max_steps is None or self._steps < self.max_steps):
            # The game goes on: rewards stay 0 (they come at the end).
            self._select(nxt, obs, mask)
        else:
            self._end(agent)
        if self.render_mode == "ansi":
            print(self.render())

    def _end(self, agent):
        """The game is over, or truncated: every agent gets its reward and is done."""
        over = bool(self._game._over.value)
        for a in self.agents:
            self.rewards[a] = self._game._returns[self._seat_of[a]] if over else 0
            self._cumulative_rewards[a] += self.rewards[a]
            self.terminations[a] = over
            self.truncations[a] = not over
        self.infos[agent].pop("action_mask", None)
        self._cache = None
        self.agent_selection = self.agents[0]

    def _dead_step(self, action):
        if action is not None:
            raise ValueError("when an agent is done, the only valid action is None")
        agent = self.agent_selection
        for d in (self.terminations, self.truncations, self.rewards, self._cumulative_rewards, self.infos):
            del d[agent]
        self.agents.remove(agent)
        for a in self.rewards:
            self.rewards[a] = 0
        if self.agents:
            self.agent_selection = self.agents[0]

    def render(self):
        """The agent to act's view, as text (render_mode "ansi")."""
        if self.render_mode is None:
            return None
        agent = self.agent_selection or self.possible_agents[0]
        return self._game.view_text(self._seat_of[agent])

    def state(self):
        raise NotImplementedError("cardtable's games hide information: there is no global "
                                  "state to give a learner; observe an agent instead")

    def close(self):
        self._game.close()

    # Beyond PettingZoo.

    @property
    def game(self):
        """The Game underneath (cardtable.Game)."""
        return self._game

    def legal_actions(self, agent=None):
        """agent's legal indices (default: the agent to act)."""
        return self._game.legal(self._seat_of[agent or self.agent_selection])

    def action_text(self, index, agent=None):
        """The legal index of agent (default: the agent to act) in the game's notation."""
        return self._game.action_text(self._seat_of[agent or self.agent_selection], index)

    def bot_action(self, spec="heuristic", agent=None):
        """(index, notation) the bot of spec would play for agent (default:
        the agent to act); nothing is played."""
        return self._game.bot_action(self._seat_of[agent or self.agent_selection], spec)

    def result(self):
        """The game's outcome so far (over, end, winners, returns, length, detail)."""
        return self._game.result()

    def record(self):
        """The game's record as JSON text (cardtable replay and analyze read it)."""
        return self._game.record()

    def save_record(self, path):
        self._game.save_record(path)
