"""Every test of test_ledger_wallets.py once more, on a Redis Cluster."""

import pytest

from tests.integration import on_cluster
from tests.integration.test_ledger_wallets import *  # noqa: F403

pytestmark = pytest.mark.slow
redis_url, r = on_cluster.redis_url, on_cluster.r  # in place of the standalone Redis's
