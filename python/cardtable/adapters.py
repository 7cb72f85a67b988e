"""Adapters to Gymnasium and PettingZoo, for when they are installed.

cardtable needs neither. When Gymnasium imports, register() registers

    cardtable/RegicideSolo-v0   solo Regicide (kwargs: options, max_steps)
    cardtable/Single-v0         any game with one agent seat (kwargs: game,
                                options, bots, settings, max_steps)

so gymnasium.make("cardtable/RegicideSolo-v0") works, with Gymnasium's own
spaces; pettingzoo_env(game, ...) returns a pettingzoo.AECEnv subclass with
Gymnasium's spaces, which pettingzoo.test.api_test accepts. Without them,
register() registers nothing and says so, and pettingzoo_env raises
ImportError naming what is missing.
"""

import importlib

from . import aec, single

__all__ = ["available", "register", "pettingzoo_env", "GymnasiumEnv"]


def _module(name):
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def available():
    """Which of the two libraries import here: {"gymnasium": bool, "pettingzoo": bool}."""
    return {"gymnasium": _module("gymnasium") is not None,
            "pettingzoo": _module("pettingzoo") is not None}


def _gym_space(space, spaces):
    """Gymnasium's space for one of cardtable.spaces'."""
    import numpy as np
    name = type(space).__name__
    if name == "Discrete":
        return spaces.Discrete(space.n)
    if name == "Dict":
        return spaces.Dict({k: _gym_space(s, spaces) for k, s in space.spaces.items()})
    return spaces.Box(low=space.low, high=space.high, shape=space.shape, dtype=np.dtype(space.dtype))


def _array(x, dtype):
    """x as a NumPy array (Gymnasium's spaces hold arrays; without NumPy
    cardtable gives lists)."""
    import numpy as np
    return np.asarray(x, dtype=dtype)


def _masked(info):
    if "action_mask" in info:
        info = dict(info, action_mask=_array(info["action_mask"], "int8"))
    return info


def register():
    """Registers the Gymnasium environments when Gymnasium imports; returns
    the ids registered (empty without Gymnasium)."""
    gymnasium = _module("gymnasium")
    if gymnasium is None:
        return []
    ids = {"cardtable/RegicideSolo-v0": __name__ + ":_regicide_solo",
           "cardtable/Single-v0": __name__ + ":GymnasiumEnv"}
    for env_id, entry in ids.items():
        if env_id not in gymnasium.envs.registry:
            gymnasium.register(id=env_id, entry_point=entry)
    return sorted(ids)


def _regicide_solo(**kwargs):
    return GymnasiumEnv(inner=single.regicide_solo(**kwargs))


def _gymnasium_env_class():
    gymnasium = _module("gymnasium")
    if gymnasium is None:
        raise ImportError("cardtable.adapters: Gymnasium is not installed (pip install gymnasium); "
                          "cardtable.SingleAgentEnv has the same API without it")

    class _GymnasiumEnv(gymnasium.Env):
        """A SingleAgentEnv as a gymnasium.Env (Gymnasium's spaces and seeding)."""

        metadata = {"render_modes": ["ansi"]}

        def __init__(self, inner=None, render_mode=None, **kwargs):
            self.inner = inner or single.SingleAgentEnv(render_mode=render_mode, **kwargs)
            self.render_mode = self.inner.render_mode
            self.observation_space = _gym_space(self.inner.observation_space, gymnasium.spaces)
            self.action_space = _gym_space(self.inner.action_space, gymnasium.spaces)

        def reset(self, *, seed=None, options=None):
            super().reset(seed=seed)
            if seed is None:
                seed = int(self.np_random.integers(0, 2**63))
            obs, info = self.inner.reset(seed=seed, options=options)
            return _array(obs, "float32"), _masked(info)

        def step(self, action):
            obs, reward, terminated, truncated, info = self.inner.step(action)
            return _array(obs, "float32"), reward, terminated, truncated, _masked(info)

        def render(self):
            return self.inner.render()

        def close(self):
            self.inner.close()

        def action_masks(self):
            return self.inner.action_masks()

    return _GymnasiumEnv


def GymnasiumEnv(**kwargs):
    """A SingleAgentEnv (kwargs as SingleAgentEnv's, or inner=an env) as a
    gymnasium.Env; ImportError without Gymnasium."""
    return _gymnasium_env_class()(**kwargs)


def pettingzoo_env(game, **kwargs):
    """A CardtableEnv (kwargs as its own) as a pettingzoo.AECEnv with
    Gymnasium's spaces; ImportError without PettingZoo and Gymnasium."""
    pettingzoo, gymnasium = _module("pettingzoo"), _module("gymnasium")
    if pettingzoo is None or gymnasium is None:
        missing = [n for n, m in (("pettingzoo", pettingzoo), ("gymnasium", gymnasium)) if m is None]
        raise ImportError("cardtable.adapters: %s not installed (pip install %s); "
                          "cardtable.env has the same API without them"
                          % (" and ".join(missing), " ".join(missing)))
    inner = aec.CardtableEnv(game, **kwargs)

    class _PettingZooEnv(pettingzoo.AECEnv):
        metadata = inner.metadata

        def __init__(self):
            super().__init__()
            self.inner = inner
            self.possible_agents = inner.possible_agents
            self.render_mode = inner.render_mode
            self.observation_spaces = {a: _gym_space(s, gymnasium.spaces)
                                       for a, s in inner.observation_spaces.items()}
            self.action_spaces = {a: _gym_space(s, gymnasium.spaces)
                                  for a, s in inner.action_spaces.items()}

        def observation_space(self, agent):
            return self.observation_spaces[agent]

        def action_space(self, agent):
            return self.action_spaces[agent]

        def reset(self, seed=None, options=None):
            inner.reset(seed=seed, options=options)
            self._sync()

        def step(self, action):
            inner.step(action)
            self._sync()

        def _sync(self):
            self.agents = inner.agents
            self.rewards = inner.rewards
            self._cumulative_rewards = inner._cumulative_rewards
            self.terminations = inner.terminations
            self.truncations = inner.truncations
            self.infos = inner.infos
            self.agent_selection = inner.agent_selection

        def observe(self, agent):
            obs = inner.observe(agent)
            return {"observation": _array(obs["observation"], "float32"),
                    "action_mask": _array(obs["action_mask"], "int8")}

        def render(self):
            return inner.render()

        def close(self):
            inner.close()

    return _PettingZooEnv()
