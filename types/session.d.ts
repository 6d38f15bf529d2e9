// What the page's scripts read of the JSON that session.py answers (through worker.js) and
// that the build embeds (rulesite/pages/examples.py): session.py's docstrings describe every field.

/** A step of a timeline: session.py's steps, or runner.py's at build time. */
interface SessionStep {
  index?: number;
  kind?: string;
  player?: string;
  move?: string | null;
  moves?: number;
  html?: string;
  rule?: string;
  /** runner.py's steps: the position after the step (what-if reads its phase). */
  board?: { phase?: string };
}

/** session.py's position(): everything a page shows at one step of a game. */
interface SessionPosition {
  board: string;
  edition?: string;
  round: number;
  phase: string;
  to_move: string | null;
  /** The step shown, the last step's index, the moves applied at this step. */
  step: number;
  last: number;
  moves: number;
  /** This is the last step: the game goes on from here. */
  live: boolean;
  hand: number[];
  hands?: Record<string, number[]>;
  markers: Record<string, { used: boolean; cards: number; rule: string }>;
  drawn?: { card: number; index: number; rule: string };
  legal: string[];
  pending?: {
    kind: string;
    by: string;
    rule: string;
    picks: { move: string; part: string; html: string }[];
  };
  deal_due?: boolean;
  outcome?: { winners: string[]; html: string; rule: string };
  steps: (SessionStep & { html: string; rule: string })[];
  concealed?: string;
}
