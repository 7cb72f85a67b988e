"""The C library (cmd/libcardtable) through ctypes, and its errors.

The library is looked for at $CARDTABLE_LIB, then beside this package
(cardtable/libcardtable.so, as the README's build command writes it).
"""

import ctypes
import os
import sys
import threading

__all__ = [
    "CardtableError", "BadArgument", "BadOption", "BadHandle", "IllegalAction",
    "NotYourTurn", "GameOver", "Notation", "BadBot", "NoRecord", "InternalError",
    "lib", "call", "ABI_VERSION",
]

ABI_VERSION = 1


class CardtableError(Exception):
    """An error the library returned: .code is its CT_ code, str() its sentence."""

    code = -1

    def __init__(self, message, code=None):
        super().__init__(message)
        if code is not None:
            self.code = code


class BadArgument(CardtableError, ValueError):
    """A seat, a setting, a game name or a buffer that does not fit (CT_BAD_ARGUMENT)."""
    code = 1


class BadOption(CardtableError, ValueError):
    """An unknown game option or a bad value (CT_BAD_OPTION)."""
    code = 2


class BadHandle(CardtableError):
    """An environment that was closed (CT_BAD_HANDLE)."""
    code = 3


class IllegalAction(CardtableError, ValueError):
    """An action index that is not legal for the seat now (CT_ILLEGAL)."""
    code = 4


class NotYourTurn(CardtableError):
    """A seat that may not act now, or one a bot plays (CT_NOT_YOUR_TURN)."""
    code = 5


class GameOver(CardtableError):
    """An action after the game's end (CT_GAME_OVER)."""
    code = 6


class Notation(CardtableError, ValueError):
    """Text that is not an action of the game (CT_NOTATION)."""
    code = 7


class BadBot(CardtableError, ValueError):
    """A bot spec the game has no bot for, or settings over the caps (CT_BAD_BOT)."""
    code = 8


class NoRecord(CardtableError):
    """A determinized environment has no record (CT_NO_RECORD)."""
    code = 9


class InternalError(CardtableError):
    """A bug in cardtable, caught before it could harm the process (CT_INTERNAL)."""
    code = 11


_BUFFER = 10
_ERRORS = {cls.code: cls for cls in (BadArgument, BadOption, BadHandle, IllegalAction,
                                     NotYourTurn, GameOver, Notation, BadBot, NoRecord,
                                     InternalError)}

_c_int32_p = ctypes.POINTER(ctypes.c_int32)
_c_int64_p = ctypes.POINTER(ctypes.c_int64)
_c_uint64_p = ctypes.POINTER(ctypes.c_uint64)
_c_float_p = ctypes.POINTER(ctypes.c_float)
_c_uint8_p = ctypes.POINTER(ctypes.c_uint8)
_c_double_p = ctypes.POINTER(ctypes.c_double)
_str = ctypes.c_char_p
_err = (ctypes.c_char_p, ctypes.c_int32)
_text_out = (ctypes.c_char_p, ctypes.c_int64, _c_int64_p)

# Every function's argument types, after which come (err, err_cap).
_SIGNATURES = {
    "ct_describe": (_str, _str) + _text_out,
    "ct_new": (_str, _str, _str, _str, ctypes.c_uint64, _c_uint64_p),
    "ct_free": (ctypes.c_uint64,),
    "ct_reset": (ctypes.c_uint64, ctypes.c_uint64),
    "ct_clone": (ctypes.c_uint64, _c_uint64_p),
    "ct_determinize": (ctypes.c_uint64, ctypes.c_int32, ctypes.c_uint64, _c_uint64_p),
    "ct_sizes": (ctypes.c_uint64, _c_int32_p, _c_int32_p, _c_int32_p),
    "ct_to_move": (ctypes.c_uint64, _c_int32_p, ctypes.c_int32, _c_int32_p),
    "ct_legal": (ctypes.c_uint64, ctypes.c_int32, _c_uint8_p, ctypes.c_int32, _c_int32_p,
                 ctypes.c_int32, _c_int32_p),
    "ct_observe": (ctypes.c_uint64, ctypes.c_int32, _c_float_p, ctypes.c_int32),
    "ct_step": (ctypes.c_uint64, ctypes.c_int32, ctypes.c_int32, _c_int32_p, _c_float_p,
                ctypes.c_int32, _c_uint8_p, ctypes.c_int32, _c_double_p, ctypes.c_int32,
                _c_int32_p),
    "ct_step_text": (ctypes.c_uint64, ctypes.c_int32, _str),
    "ct_status": (ctypes.c_uint64, _c_int32_p, _c_float_p, ctypes.c_int32, _c_uint8_p,
                  ctypes.c_int32, _c_double_p, ctypes.c_int32, _c_int32_p, _c_int64_p),
    "ct_result": (ctypes.c_uint64,) + _text_out,
    "ct_record": (ctypes.c_uint64,) + _text_out,
    "ct_view": (ctypes.c_uint64, ctypes.c_int32, ctypes.c_int32) + _text_out,
    "ct_action_text": (ctypes.c_uint64, ctypes.c_int32, ctypes.c_int32) + _text_out,
    "ct_bot_action": (ctypes.c_uint64, ctypes.c_int32, _str, _c_int32_p) + _text_out,
}


def _find():
    path = os.environ.get("CARDTABLE_LIB")
    if path:
        return path
    name = "libcardtable.dylib" if sys.platform == "darwin" else "libcardtable.so"
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), name)


def _load():
    path = _find()
    if not os.path.exists(path):
        raise ImportError(
            "cardtable: the library %s is missing; build it from the repository's root with\n"
            "  go build -buildmode=c-shared -o python/cardtable/libcardtable.so ./cmd/libcardtable\n"
            "or point CARDTABLE_LIB at one" % path)
    library = ctypes.CDLL(path)
    version = library.ct_abi_version()
    if version != ABI_VERSION:
        raise ImportError("cardtable: %s speaks version %d of the C interface; this package "
                          "speaks %d: build the library and the package from the same commit"
                          % (path, version, ABI_VERSION))
    for fname, args in _SIGNATURES.items():
        f = getattr(library, fname)
        f.argtypes = list(args) + list(_err)
        f.restype = ctypes.c_int32
    return library


lib = _load()
_functions = {name: getattr(lib, name) for name in _SIGNATURES}

_ERR_CAP = 2048


class _ErrBuffer(threading.local):
    """One error buffer and one text buffer per thread, so calls from
    several threads never share one."""

    def __init__(self):
        self.buf = ctypes.create_string_buffer(_ERR_CAP)
        self.out = ctypes.create_string_buffer(4096)
        self.length = ctypes.c_int64(0)


_errbuf = _ErrBuffer()


def call(fname, *args):
    """Calls the library's fname with args; raises the error it returns."""
    buf = _errbuf.buf
    rc = _functions[fname](*args, buf, _ERR_CAP)
    if rc:
        raise _ERRORS.get(rc, CardtableError)(buf.value.decode("utf-8", "replace"), rc)


def text(fname, *args):
    """Calls a function that answers with text, growing the buffer as it asks."""
    local = _errbuf
    while True:
        out = local.out
        rc = _functions[fname](*args, out, len(out), ctypes.byref(local.length), local.buf, _ERR_CAP)
        if rc == _BUFFER and local.length.value + 1 > len(out):
            local.out = ctypes.create_string_buffer(local.length.value + 1)
            continue
        if rc:
            raise _ERRORS.get(rc, CardtableError)(local.buf.value.decode("utf-8", "replace"), rc)
        return ctypes.string_at(out, local.length.value).decode("utf-8")


def encode(s):
    """A Python string as a C string (None stays NULL)."""
    return None if s is None else s.encode("utf-8")
