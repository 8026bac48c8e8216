"""gunicorn settings for the embedded house (`make run`): one origin on 127.0.0.1:$PORT.

gevent workers, because Server-Sent Events keep connections open for a long time.
"""

import os

bind = f"127.0.0.1:{os.environ.get('PORT', '8080')}"
worker_class = "gevent"
workers = int(os.environ.get("WEB_WORKERS", "2"))
worker_connections = 1000
graceful_timeout = 5
timeout = 30
accesslog = None
control_socket_disable = True  # several gunicorns on one machine must not share ~/.gunicorn
