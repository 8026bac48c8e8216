"""Every test of test_ledger_ratings.py once more, on a Redis Cluster (the concurrent workers
open their own connections as on the standalone Redis)."""

import pytest

from tests.integration import on_cluster
from tests.integration.test_ledger_ratings import *  # noqa: F403

pytestmark = pytest.mark.slow
redis_url, r = on_cluster.redis_url, on_cluster.r  # in place of the standalone Redis's
