"""The yardstick of scripts/bench-capture-stop: writes the files of a capture's output again, each
whole to a temporary file in the same folder then renamed over its name (as journey writes
them), and prints the seconds it took: the file system's floor for the stop's writing.

Usage: python3 write_floor.py FROM_DIR TO_DIR
"""
import os
import sys
import time

source, target = sys.argv[1], sys.argv[2]
contents = []
for name in sorted(os.listdir(source)):
    with open(os.path.join(source, name), "rb") as file:
        contents.append((name, file.read()))
os.makedirs(target, exist_ok=True)
start = time.monotonic()
for name, data in contents:
    temporary = os.path.join(target, "." + name + ".tmp")
    with open(temporary, "wb") as file:
        file.write(data)
    os.rename(temporary, os.path.join(target, name))
print(f"{time.monotonic() - start:.3f}")
