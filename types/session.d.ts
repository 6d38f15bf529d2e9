// What the page's scripts read of the JSON that a game's session.py answers (through
// worker.js) and that the build embeds (rulesite/pages/examples.py): each session.py's
// docstrings describe every field.

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

/** What every game's position() answers (gamekit/<game>/session.py): everything the code
 * every game shares reads of a position ("what if?": docs/assets/examples/whatif.js and
 * starts.js). Each game's own position adds its fields to it (HanamikojiPosition,
 * LoveLetterPosition), and its modules read that one. */
interface SessionPosition {
  board: string;
  round: number;
  phase: string;
  to_move: string | null;
  /** The step shown, the last step's index, the moves applied at this step. */
  step: number;
  last: number;
  moves: number;
  /** This is the last step: the game goes on from here. */
  live: boolean;
  /** The legal moves in notation (live, and the viewer's decision or no viewer). */
  legal: string[];
  /** The next round waits for its deal (live only). */
  deal_due: boolean;
  outcome: { winners: string[]; html: string; rule: string } | null;
  steps: (SessionStep & { html: string; rule: string })[];
  /** The words of this step. */
  now: string;
  /** The game as the viewer may know it (a game in progress, at its live position). */
  concealed: string | null;
}

/** A live position as "what if?" and a game's chooser get it (docs/assets/examples/whatif.js):
 * position()'s answer, or the one the build embeds for before the engine has started
 * (rulesite/pages/examples.py whatif_starts), which leaves out the steps, the words and the
 * concealed game; P: the game's own position (LivePosition<HanamikojiPosition>). */
type LivePosition<P extends SessionPosition = SessionPosition> =
  Omit<P, "steps" | "now" | "concealed">;

/** Hanamikoji's position() (gamekit/hanamikoji/session.py). */
interface HanamikojiPosition extends SessionPosition {
  edition: string;
  starting: string;
  hand: number[];
  markers: Record<string, { used: boolean; cards: number; rule: string }>;
  drawn: { card: number; index: number; rule: string } | null;
  pending: {
    kind: string;
    by: string;
    rule: string;
    picks: { move: string; part: string; html: string }[];
  } | null;
}

/** Love Letter's position() (gamekit/loveletter/session.py). */
interface LoveLetterPosition extends SessionPosition {
  players: number;
  variant: string;
  /** A card of a hand the viewer may not see is null. */
  hand: (number | null)[];
  tokens: number[];
  target: number;
}
