"""Helpers the tests share: random play through the AEC environment."""

import json
import os
import random

import cardtable


def games(default):
    """How many games a test plays: $CARDTABLE_TEST_GAMES when set (the
    full run's 1,000), else default."""
    return int(os.environ.get("CARDTABLE_TEST_GAMES", default))


def legal_from_mask(mask):
    """The legal indices of a mask (NumPy's when the mask is an array)."""
    if cardtable.HAVE_NUMPY:
        return cardtable.game.np.flatnonzero(mask).tolist()
    return [i for i, m in enumerate(mask) if m]


def random_game(env, seed, on_step=None, final=None):
    """Plays one game of env with random legal actions from seed; on_step
    (agent, observation, info, action) sees each decision, and final (a
    dict) receives each agent's reward when it is done. Returns the (seat,
    index, notation) of every agent's action in order."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    played = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            action = None
            if final is not None:
                final[agent] = reward
        else:
            legal = legal_from_mask(info["action_mask"])
            action = legal[rng.randrange(len(legal))]
            if on_step:
                on_step(agent, obs, info, action)
            played.append((int(agent.split("_")[1]), action, env.action_text(action)))
        env.step(action)
    return played


def record_of(env):
    return json.loads(env.record())
