"""Every test of test_quotas.py once more, on a Redis Cluster (each quota is a single key)."""

import pytest

from tests.hostile.test_quotas import *  # noqa: F403
from tests.integration import on_cluster

pytestmark = pytest.mark.slow
redis_url, r = on_cluster.redis_url, on_cluster.r  # in place of the standalone Redis's
