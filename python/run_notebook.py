"""Executes a notebook with nbclient (every cell, in order); fails on the first error."""

import sys

import nbformat
from nbclient import NotebookClient


def main(path: str) -> None:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3").execute()
    cells = sum(1 for cell in notebook.cells if cell.cell_type == "code")
    print(f"{path}: {cells} code cells executed without error")


if __name__ == "__main__":
    main(sys.argv[1])
