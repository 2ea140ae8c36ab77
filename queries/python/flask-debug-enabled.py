import asyncio
import os

from flask import Flask

app = Flask(__name__)
api = Flask("api")


async def warmup():
    await asyncio.sleep(0)


if __name__ == "__main__":
    # ok: python/flask-debug-enabled
    asyncio.run(warmup(), debug=True)
    # ruleid: python/flask-debug-enabled
    app.run(host="0.0.0.0", port=5000, debug=True)
    # ruleid: python/flask-debug-enabled
    api.run(debug=True)
    # ok: python/flask-debug-enabled
    app.run(host="127.0.0.1", debug=False)
    # ok: python/flask-debug-enabled
    app.run(debug=os.environ.get("FLASK_DEBUG") == "1")
    # ok: python/flask-debug-enabled
    app.run(port=8080)
