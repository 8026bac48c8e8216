"""Every test of test_ledger_bookings.py once more, on a Redis Cluster (but the two that open
their own plain connection or RQ queue on ``redis_url``: concurrent runs and the job path are
the same code on a cluster, and the failover test books through the real queue)."""

import pytest

from tests.integration import on_cluster
from tests.integration.test_ledger_bookings import *  # noqa: F403

pytestmark = pytest.mark.slow
redis_url, r = on_cluster.redis_url, on_cluster.r  # in place of the standalone Redis's
del test_concurrent_runs_book_once, test_the_job_runs_from_the_ledger_queue  # noqa: F405, F821
