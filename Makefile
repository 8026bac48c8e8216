# The house's commands. Every target bootstraps its own virtualenv (.venv) on first use;
# only Python 3.11+ is needed on the machine.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
READY := $(VENV)/.ready

.PHONY: run test test-slow lint format bench bench-peers clean

$(READY): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(READY)

run: $(READY)  ## the whole house on http://127.0.0.1:8080 with an embedded Redis
	$(BIN)/python -m services.run

test: lint  ## every test but the slow suites (those run with test-slow, and in CI)
	$(BIN)/python -m pytest

test-slow: $(READY)
	$(BIN)/python -m pytest -m slow; code=$$?; [ $$code -eq 0 ] || [ $$code -eq 5 ]

lint: $(READY)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(READY)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(READY)
	$(BIN)/python bench/engines.py

.venv-peers/.ready:
	$(PYTHON) -m venv .venv-peers
	.venv-peers/bin/pip install --quiet rlcard==1.2.0
	touch .venv-peers/.ready

bench-peers: $(READY) .venv-peers/.ready  ## our Speedone beside RLCard's UNO
	$(BIN)/python bench/speedone_peers.py --peer-python .venv-peers/bin/python

clean:
	rm -rf $(VENV) .venv-peers var

.PHONY: cluster cluster-stop

cluster: $(READY)  ## the horizontal house on this machine, behind nginx on CLUSTER_PORT (8000)
	@command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || { \
	  echo "nginx is missing: installing Debian's package (apt-get install nginx)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx; }
	$(BIN)/python -m deploy.cluster start

cluster-stop:  ## stops everything make cluster started
	$(BIN)/python -m deploy.cluster stop
