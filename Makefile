# The house's commands. Every target bootstraps its own virtualenv (.venv) on first use;
# only Python 3.11+ is needed on the machine.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
READY := $(VENV)/.ready

.PHONY: run test test-slow screenshots lint format bench bench-peers clean

$(READY): pyproject.toml clients/python/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	$(BIN)/pip install --quiet -e ./clients/python
	touch $(READY)

run: $(READY)  ## the whole house on http://127.0.0.1:8080 with an embedded Redis
	$(BIN)/python -m services.run

# The suites run on pytest-xdist workers, a test file to a worker (its module's fixtures start
# once; each worker has its own Redis, house and browser), the files in the order of tests/
# (xdist would start with the files of most tests, and leave the long single tests of
# tests/deploy and tests/bench to the end). The slow suites mostly wait on browsers, houses
# and Redis, so they run on more workers than the machine has cores.
TEST_WORKERS ?= auto
SLOW_WORKERS ?= 4
XDIST = --dist loadfile --no-loadscope-reorder

test: lint  ## every test but the slow suites (those run with test-slow, and in CI)
	$(BIN)/python -m pytest -n $(TEST_WORKERS) $(XDIST)

test-slow: $(READY)
	$(BIN)/python -m pytest -m slow -n $(SLOW_WORKERS) $(XDIST); code=$$?; [ $$code -eq 0 ] || [ $$code -eq 5 ]

screenshots: $(READY)  ## the README's screenshots (docs/screenshots), taken anew in Chromium
	SCREENSHOTS_DIR=$(CURDIR)/docs/screenshots $(BIN)/python -m pytest -m slow tests/e2e/test_screenshots.py tests/e2e/test_screenshots_pages.py

lint: $(READY) node_modules/.ready  ## ruff, mypy over the typed modules ([tool.mypy]), bandit over production code, and Biome's lint and format check of the client's JavaScript (biome.json)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/bandit -q -c pyproject.toml -r shared services deploy
	node_modules/.bin/biome ci --error-on-warnings

# The JavaScript linter and formatter, pinned in package.json and package-lock.json (npm's registry only).
node_modules/.ready: package.json package-lock.json
	@command -v npm >/dev/null || { echo "npm (Node 20) is needed for the JavaScript lint"; exit 1; }
	npm ci --no-audit --no-fund
	touch $@

format: $(READY) node_modules/.ready  ## ruff's fixes and format, and Biome's format of the client's JavaScript
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .
	node_modules/.bin/biome format --write

bench: $(READY)
	$(BIN)/python bench/engines.py

.venv-peers/.ready:
	$(PYTHON) -m venv .venv-peers
	.venv-peers/bin/pip install --quiet rlcard==1.2.0
	touch .venv-peers/.ready

# The boardgame.io peer (../shared/peers/boardgameio/README.md), installed with npm outside the
# project's tree and reused once installed.
BGIO_DIR ?= $(or $(TMPDIR),/tmp)/speedgamez-bgio
BGIO_SRC ?= ../shared/peers/boardgameio
BENCH_PEERS_ARGS ?=  # e.g. --tables 50 --duration 20 --targets single

# The peer's durable storages: bgio-postgres (PostgreSQL: Debian's postgresql binaries, a
# server of the bench's own in a temporary folder, bench/postgres.py) and node-persist (what
# boardgame.io's FlatFile storage needs).
$(BGIO_DIR)/.ready-durable:
	@command -v npm >/dev/null || { echo "npm (Node 20) is needed for the boardgame.io peer"; exit 1; }
	mkdir -p "$(BGIO_DIR)"
	cd "$(BGIO_DIR)" && npm init -y >/dev/null \
	  && npm install boardgame.io@0.50.2 socket.io-client@4.8.4 bgio-postgres@1.0.16 \
	     node-persist@3.1.3 \
	  && npm pkg set overrides.koa-compose=4.1.0 && npm install
	touch "$@"

bench-peers: $(READY) .venv-peers/.ready $(BGIO_DIR)/.ready-durable  ## Speedone beside RLCard's UNO, its UNO rule agent's port checked; a move beside boardgame.io (in memory, FlatFile, PostgreSQL)
	$(BIN)/python bench/speedone_peers.py --peer-python .venv-peers/bin/python
	$(BIN)/python bench/opponents.py --check-uno .venv-peers/bin/python
	@command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || case "$(BENCH_PEERS_ARGS)" in \
	  *--targets*) ;; *) echo "nginx is missing for the cluster target (make cluster installs it," \
	  "or BENCH_PEERS_ARGS='--targets single')"; exit 1;; esac
	cp $(BGIO_SRC)/*.js bench/bgio_postgres_server.js "$(BGIO_DIR)/"
	$(BIN)/python bench/moves_peers.py --peer-dir "$(BGIO_DIR)" $(BENCH_PEERS_ARGS)

clean:
	rm -rf $(VENV) .venv-peers var node_modules

.PHONY: cluster cluster-stop

# make cluster REDIS=cluster: the tables, streams and the ledger on a Redis Cluster of three
# primaries and three replicas (Debian's redis-server 7), the queues on a standalone Redis.
REDIS ?= single

cluster: $(READY)  ## the horizontal house on this machine, behind nginx on CLUSTER_PORT (8000)
	@command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || { \
	  echo "nginx is missing: installing Debian's package (apt-get install nginx)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx; }
	@[ "$(REDIS)" != cluster ] || [ -x /usr/bin/redis-server ] || { \
	  echo "redis-server is missing: installing Debian's package (apt-get install redis-server)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server; }
	CLUSTER_REDIS=$(REDIS) $(BIN)/python -m deploy.cluster start

cluster-stop:  ## stops everything make cluster started
	$(BIN)/python -m deploy.cluster stop
