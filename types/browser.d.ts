// Globals the site's scripts read but TypeScript's lib.dom does not declare (tsconfig.json).

/** Material for MkDocs: an RxJS subject that emits each page it loads (instant navigation). */
interface MaterialDocumentSubject {
  subscribe(next: (document: Document) => void): unknown;
}

/** The Network Information API (Chromium only, so not in lib.dom): policy.js reads it.
 * `type` is there on Android and ChromeOS only. */
interface NetworkInformation {
  readonly saveData: boolean;
  readonly type?: string;
  readonly effectiveType: string;
  readonly downlink: number;
  readonly rtt: number;
}

interface Window {
  /** Absent without Material's instant navigation, or before its bundle has run. */
  document$?: MaterialDocumentSubject;
}

interface Navigator {
  readonly connection?: NetworkInformation;
}
