"""Deployment of the house: nginx, gunicorn settings, the one-machine cluster (cluster.py),
the workers' metrics exporter, compose and Kubernetes manifests."""
