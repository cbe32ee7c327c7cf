"""A Dask client for the toolkit's cluster runs (``pip install "notation-toolkit[dask]"``).

The bulk pipeline (``bulk.cluster``) and the Dice Chess ladder (``dicechess.engine.ladder``) both
connect to a scheduler or start a ``LocalCluster``, and refuse the same way: NTK007 when the
``dask`` extra is missing, NTK008 when the scheduler does not answer. Dask is imported inside the
function only: importing this module must not import Dask (start-up speed, and the extra is
optional).
"""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

from notation_toolkit.core.codes import NTK007, NTK008
from notation_toolkit.core.errors import NotationError

SCHEDULER_EXAMPLE = "tcp://HOST:8786"
"""The address shape named in NTK008's hint."""


def dask_client(
    stack: ExitStack,
    address: str | None,
    *,
    workers: int | None,
    feature: str,
    error: type[NotationError] = NotationError,
) -> Any:
    """A ``distributed.Client`` entered on ``stack`` (closed, with its cluster, when it unwinds).

    ``address``: a scheduler (``tcp://host:8786``) to connect to; ``None`` or empty starts a
    ``LocalCluster`` of ``workers`` processes (every core when ``None``) with one thread each.
    ``feature`` names what needs Dask in NTK007's message (``running on a cluster``); ``error`` is
    the ``NotationError`` subclass raised (NTK007: Dask missing; NTK008: the scheduler does not
    answer, naming the address and the reason).
    """
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise NTK007.error(error, package="Dask", feature=feature, extra="dask") from None
    # distributed's constructors are unannotated (hence the no-untyped-call ignores)
    if address:
        try:
            return stack.enter_context(Client(address, timeout="10s"))  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError) as exc:
            raise NTK008.error(
                error,
                service="Dask scheduler",
                address=address,
                reason=str(exc) or exc.__class__.__name__,
                example=SCHEDULER_EXAMPLE,
            ) from None
    # One thread per worker: the toolkit's work is pure Python, so threads would share one
    # interpreter lock. The scheduler serves HTTP even without a dashboard, on port 8787 unless told
    # otherwise: ":0" takes a free port, so a second run (or the user's own cluster) does not make
    # distributed warn that 8787 is in use.
    cluster = stack.enter_context(
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers or None, threads_per_worker=1, processes=True, dashboard_address=":0"
        )
    )
    return stack.enter_context(Client(cluster))  # type: ignore[no-untyped-call]
