"""``mx.log``: MXNet 1.9.1's ``get_logger`` and its glog-like colored formatter, e.g.
``W1114 22:13:20 42 /path/train.py:main:7] message`` (level letter, month, day, time, process,
file, function, line) wrapped in ANSI colors: red for WARNING and above, green for INFO, blue below.

>>> import logging, mxnd as mx
>>> logger = mx.log.get_logger("mxnd.log.example", level=logging.INFO)
>>> logger.level, type(logger.handlers[0].formatter).__name__
(20, '_Formatter')
"""
from __future__ import annotations

import logging
import warnings

__all__ = ["get_logger", "getLogger", "CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG", "NOTSET"]

CRITICAL = logging.CRITICAL
ERROR = logging.ERROR
WARNING = logging.WARNING
INFO = logging.INFO
DEBUG = logging.DEBUG
NOTSET = logging.NOTSET

_LEVEL_LETTERS = {CRITICAL: 'C', ERROR: 'E', WARNING: 'W', INFO: 'I', DEBUG: 'D'}


class _Formatter(logging.Formatter):
    """MXNet's formatter: ``<color><letter>%m%d %H:%M:%S <pid> <path>:<func>:<line>]<reset> <msg>``."""

    def __init__(self):
        super().__init__(datefmt='%m%d %H:%M:%S')

    @staticmethod
    def _get_color(level):
        if level >= logging.WARNING:
            return '\x1b[31m'
        if level >= logging.INFO:
            return '\x1b[32m'
        return '\x1b[34m'

    @staticmethod
    def _get_label(level):
        return _LEVEL_LETTERS.get(level, 'U')

    def format(self, record):
        self._style._fmt = (self._get_color(record.levelno) + self._get_label(record.levelno)
                            + '%(asctime)s %(process)d %(pathname)s:%(funcName)s:%(lineno)d'
                            + ']\x1b[0m %(message)s')
        return super().format(record)


def get_logger(name=None, filename=None, filemode=None, level=WARNING):
    """``logging.getLogger(name)``; the first call for a named logger also sets ``level`` and adds
    a handler: a ``FileHandler(filename, filemode or 'a')`` (plain messages), else a
    ``StreamHandler`` (stderr) with MXNet's colored ``_Formatter``. The root logger (no name)
    is returned untouched."""
    logger = logging.getLogger(name)
    if name is not None and not getattr(logger, '_init_done', None):
        logger._init_done = True
        if filename:
            handler = logging.FileHandler(filename, filemode if filemode else 'a')
        else:
            handler = logging.StreamHandler()
            handler.setFormatter(_Formatter())
        logger.addHandler(handler)
        logger.setLevel(level)
    return logger


def getLogger(name=None, filename=None, filemode=None, level=WARNING):  # noqa: N802 (MXNet's name)
    """Deprecated spelling of ``get_logger`` (warns with DeprecationWarning)."""
    warnings.warn("getLogger is deprecated, Use get_logger instead.", DeprecationWarning, stacklevel=2)
    return get_logger(name, filename, filemode, level)
