"""Every test of test_lobby_revocation.py once more, on a Redis Cluster (the counting of
commands per move runs on the cluster through its own ``house`` fixture already)."""

import pytest

from tests.integration import on_cluster
from tests.integration.test_lobby_revocation import *  # noqa: F403

pytestmark = pytest.mark.slow
redis_url, r = on_cluster.redis_url, on_cluster.r  # in place of the standalone Redis's
test_the_check_costs_one_small_command_per_request = None  # noqa: F811
