"""Every test of test_lobby_revocation.py once more, on a Redis Cluster (the move's token
checks run on the cluster through their own ``house`` fixture already)."""

import pytest

from tests.integration import on_cluster
from tests.integration.test_lobby_revocation import *  # noqa: F403

pytestmark = pytest.mark.slow
redis_url, r = on_cluster.redis_url, on_cluster.r  # in place of the standalone Redis's
test_a_move_checks_the_token_in_its_first_round_trip = None  # noqa: F811
test_a_revoked_token_cannot_move = None  # noqa: F811
