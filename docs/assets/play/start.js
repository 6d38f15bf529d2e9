// Starts the engine as the Play page begins to arrive: whoever opens it came to play. Loaded
// `async` from the top of the page (rulesite/pages/play.py), so the runtime's download and
// start run alongside the page's own scripts rather than after them: on a phone those take
// seconds (measured: benchmarks/browser_examples.py --phone). The game's play.js gets this
// same engine (runtime.js keeps one per tab).
import { settings } from "../examples/config.js";
import { runtime } from "../examples/runtime.js";

runtime(settings()).start();
