"""SingleAgentEnv: a game with one seat to play, in the shape of Gymnasium's API.

The standard case is solo Regicide (regicide_solo()); any game whose other
seats are given to bots is one too (War against the heuristic bot:
SingleAgentEnv("war", options={"slap": 5}, bots={1: "heuristic"})).
"""

import random

from . import _lib
from .game import Game
from .spaces import Box, Discrete

__all__ = ["SingleAgentEnv", "regicide_solo"]


def regicide_solo(options=None, **kwargs):
    """Solo Regicide (players=1) as a SingleAgentEnv."""
    options = dict(options or {})
    if str(options.setdefault("players", 1)) != "1":
        raise _lib.BadArgument("regicide_solo plays 1 player; use SingleAgentEnv for more")
    return SingleAgentEnv("regicide", options=options, **kwargs)


class SingleAgentEnv:
    """One seat of a game as a Gymnasium-style environment.

    reset(seed) returns (observation, info); step(action) returns
    (observation, reward, terminated, truncated, info). info["action_mask"]
    is the legal mask of the next observation (all 0 at the end). The reward
    is the seat's return when the game ends, 0 before. max_steps truncates
    a game after that many of the agent's steps.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game, options=None, bots=None, settings="", max_steps=None, render_mode=None):
        bots = dict(bots or {})
        self._game = Game(game, options, bots, settings, seed=0)
        seats = [s for s in range(self._game.num_players) if s not in bots]
        if len(seats) != 1:
            raise _lib.BadArgument("a single-agent environment plays one seat; %d are left "
                                   "to the agent (give the others to bots)" % len(seats))
        self.seat = seats[0]
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = Box(0.0, 1.0, (self._game.obs_size,), "float32")
        self.action_space = Discrete(self._game.num_actions)
        self._seeder = None
        self._steps = 0
        self._mask = None
        self.seed = None

    @property
    def unwrapped(self):
        return self

    @property
    def game(self):
        """The Game underneath (cardtable.Game)."""
        return self._game

    def reset(self, seed=None, options=None):
        """Deals a new game: reset(seed=S) deals `cardtable play GAME --seed S`'s
        game; later resets without a seed draw theirs from a generator
        seeded with S. options is accepted and ignored."""
        if seed is not None:
            self._seeder = random.Random(seed)
            self.seed = seed
        else:
            if self._seeder is None:
                self._seeder = random.Random()
            self.seed = self._seeder.getrandbits(64)
        self._game.reset(self.seed)
        self._steps = 0
        self._mask = self._game.legal_mask(self.seat)
        return self._game.observe(self.seat), {"action_mask": self._mask}

    def step(self, action):
        """Plays action (an index); an illegal one raises IllegalAction and
        changes nothing."""
        nxt, obs, mask = self._game.step_observe(self.seat, int(action))
        self._steps += 1
        terminated = bool(self._game._over.value)
        if nxt < 0:
            obs = self._game.observe(self.seat)
            mask = self._game.legal_mask(self.seat)
        reward = self._game._returns[self.seat] if terminated else 0.0
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        self._mask = mask
        info = {"action_mask": mask}
        if terminated:
            info["result"] = self._game.result()
        if self.render_mode == "ansi":
            print(self.render())
        return obs, reward, terminated, truncated, info

    def action_masks(self):
        """The legal mask now (the name sb3-contrib's MaskablePPO asks for)."""
        return self._mask

    def render(self):
        return self._game.view_text(self.seat) if self.render_mode == "ansi" else None

    def close(self):
        self._game.close()

    def record(self):
        """The game's record as JSON text (cardtable replay and analyze read it)."""
        return self._game.record()
