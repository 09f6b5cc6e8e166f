"""The web table (`lopti serve`): Lopti and the evening in the browser, for people and bots.

The package, stage by stage:

- `protocol`: every message a browser may send (pydantic models, size limits);
- `security`: per-seat tokens and the WebSocket origin check;
- `table`: one round - the engine's game, the seats, the bots, each seat's own view;
- `evening`: the session procedure of `lopti session`, driven by devices (votes, Roshambo);
- `settle`: a real-card table's question, answered by the engine;
- `words`: a rule in plain words;
- `service`: what each message does to the table, and the table file for restarts;
- `app`: the Starlette routes, the page (`static/`) and the WebSocket.

docs/web.md explains starting, joining, playing, the evening and the threat model.
"""
