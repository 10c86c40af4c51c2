"""``python -m qin``: the command line (``qin.cli``)."""

from qin.cli import run

if __name__ == "__main__":
    run()
