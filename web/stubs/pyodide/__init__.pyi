# Pyodide's Python package, as the page's Python uses it: only ``pyodide.ffi``.
