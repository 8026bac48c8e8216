"""Every test of test_quickplay.py once more, on a Redis Cluster: the pool's scripts touch
keys of one hash tag only."""

import pytest

from tests.integration import on_cluster
from tests.integration.test_quickplay import *  # noqa: F403

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]
redis_url, r = on_cluster.redis_url, on_cluster.r  # in place of the standalone Redis's
