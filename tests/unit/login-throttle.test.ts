import { describe, expect, it } from "vitest";
import {
  loginDecision,
  tooManyAttemptsMessage,
  usernameDelayMs,
  type LoginDecision,
  type LoginFacts,
} from "~/models/staff/login-throttle.server";

const NOW = new Date("2026-11-23T10:00:00.000Z");
/** `n` attempts, the last `gapMs` before NOW and each earlier one a second before the next. */
function attempts(n: number, gapMs = 0): Date[] {
  return Array.from({ length: n }, (_, i) => new Date(NOW.getTime() - gapMs - i * 1000));
}
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MIN = 60 * 1000;

const cases: [string, Partial<LoginFacts>, LoginDecision][] = [
  ["a first attempt", {}, { allowed: true }],
  ["4 attempts from the address", { addressAttempts: attempts(4) }, { allowed: true }],
  [
    "5 attempts from the address, the oldest 10 minutes ago: wait 5 minutes",
    { addressAttempts: [ago(10 * MIN), ...attempts(4)] },
    { allowed: false, reason: "address", retryAfterSeconds: 300 },
  ],
  [
    "5 attempts from the address, all older than 15 minutes",
    { addressAttempts: Array.from({ length: 5 }, () => ago(16 * MIN)) },
    { allowed: true },
  ],
  [
    "7 attempts from the address (2 of them 14 minutes ago): wait for the third oldest, 5 minutes",
    { addressAttempts: [ago(14 * MIN), ago(14 * MIN), ago(10 * MIN), ...attempts(4)] },
    { allowed: false, reason: "address", retryAfterSeconds: 300 },
  ],
  [
    "a known source is still held to its own address limit",
    { addressAttempts: attempts(5), knownSource: true },
    { allowed: false, reason: "address", retryAfterSeconds: 15 * 60 - 4 },
  ],
  [
    "4 earlier username attempts: the 5th goes ahead",
    { usernameAttempts: attempts(4) },
    { allowed: true },
  ],
  [
    "5 earlier attempts, the last just now: the 6th waits 1 s",
    { usernameAttempts: attempts(5) },
    { allowed: false, reason: "username", retryAfterSeconds: 1 },
  ],
  [
    "5 earlier attempts, the last 2 s ago: the 6th goes ahead",
    { usernameAttempts: attempts(5, 2000) },
    { allowed: true },
  ],
  [
    "10 attempts, the last 10 s ago: wait 32 s in all, 22 s left",
    { usernameAttempts: attempts(10, 10_000) },
    { allowed: false, reason: "username", retryAfterSeconds: 22 },
  ],
  [
    "10 attempts, the last 40 s ago: the 32 s wait is over",
    { usernameAttempts: attempts(10, 40_000) },
    { allowed: true },
  ],
  [
    "200 attempts, the last just now: the wait stops growing at a minute",
    { usernameAttempts: attempts(200) },
    { allowed: false, reason: "username", retryAfterSeconds: 60 },
  ],
  [
    "under attack, a known source skips the username wait",
    { usernameAttempts: attempts(50), knownSource: true },
    { allowed: true },
  ],
  [
    "under attack from elsewhere, a fresh address waits (but is not locked out)",
    { usernameAttempts: attempts(50), addressAttempts: [] },
    { allowed: false, reason: "username", retryAfterSeconds: 60 },
  ],
  [
    "username attempts older than 15 minutes do not count",
    { usernameAttempts: Array.from({ length: 40 }, () => ago(16 * MIN)) },
    { allowed: true },
  ],
  [
    "the address limit wins over the username wait",
    { addressAttempts: attempts(5), usernameAttempts: attempts(10) },
    { allowed: false, reason: "address", retryAfterSeconds: 15 * 60 - 4 },
  ],
];

describe("loginDecision", () => {
  it.each(cases)("%s", (_name, facts, expected) => {
    expect(
      loginDecision(
        { addressAttempts: [], usernameAttempts: [], knownSource: false, ...facts },
        NOW,
      ),
    ).toEqual(expected);
  });

  it("is a pure function of its facts and the clock", () => {
    const facts = { addressAttempts: [], usernameAttempts: attempts(6), knownSource: false };
    expect(loginDecision(facts, NOW)).toMatchObject({ allowed: false });
    expect(loginDecision(facts, new Date(NOW.getTime() + 2000))).toEqual({ allowed: true });
  });
});

describe("usernameDelayMs", () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 1000],
    [6, 2000],
    [10, 32_000],
    [11, 60_000],
    [1000, 60_000],
  ])("after %i attempts waits %i ms", (failures, ms) => {
    expect(usernameDelayMs(failures)).toBe(ms);
  });
});

describe("the refusal message", () => {
  it("keeps the spec's wording", () => {
    expect(tooManyAttemptsMessage(840)).toBe(
      "Too many failed sign-in attempts. Please try again in 14 minutes.",
    );
    expect(tooManyAttemptsMessage(2)).toBe(
      "Too many failed sign-in attempts. Please try again in 2 seconds.",
    );
    expect(tooManyAttemptsMessage(1)).toBe(
      "Too many failed sign-in attempts. Please try again in 1 second.",
    );
  });
});
