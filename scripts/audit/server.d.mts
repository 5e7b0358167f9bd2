/** Types of server.mjs, for the TypeScript tests. */
import type { Server } from 'node:http';

export interface HeaderRule {
  pattern: string;
  /** `[name, value]`; a `null` value detaches (`! Name`) a header set by an earlier rule. */
  headers: [string, string | null][];
}

export const hostDefaultHeaders: Record<string, string>;
export function parseHeadersFile(text: string): HeaderRule[];
export function patternMatches(pattern: string, path: string): boolean;
export function headersFor(rules: HeaderRule[], path: string): Record<string, string>;
export function startStaticServer(options: {
  root: string;
  port?: number;
  onRequest?: (info: { method: string | undefined; path: string; status: number }) => void;
}): Promise<{ server: Server; origin: string; rules: HeaderRule[]; close: () => Promise<void> }>;
