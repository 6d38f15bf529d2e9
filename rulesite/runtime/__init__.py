"""What the browser runs besides the pages: Pyodide (a reduced wasm and standard library), the
compiled engines and gamekit, content-named assets and the Content Security Policy."""
