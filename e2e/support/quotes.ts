import { expect, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";

/** Quote requests as customers send them, and how staff find them (e2e/staff-quotes.spec.ts, e2e/quote-offer.spec.ts). */

export interface Photo {
  name: string;
  mimeType: "image/png" | "image/jpeg";
  buffer: Buffer;
}

/** A small photo of one colour; a random colour keeps each upload's bytes its own. */
export async function photo(name: string, type: "png" | "jpeg", width: number, height: number) {
  const channel = () => Math.floor(Math.random() * 256);
  const image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: channel(), g: channel(), b: channel() },
    },
  });
  const buffer = await (type === "png" ? image.png() : image.jpeg()).toBuffer();
  return { name, mimeType: `image/${type}`, buffer } satisfies Photo;
}

export interface Customer {
  name: string;
  email: string;
  phone: string;
  address: string;
  town: string;
  postcode: string;
  comments: string;
}

export function customer(testInfo: TestInfo, label: string): Customer {
  const suffix = Math.random().toString(36).slice(2, 8);
  const name = `${label} ${testInfo.project.name} ${suffix}`;
  return {
    name,
    email: `${label.toLowerCase().replace(/\W+/g, "-")}-${testInfo.project.name}-${suffix}@example.com`,
    phone: "07700 900456",
    address: "12 Orchard Close",
    town: "Reading",
    postcode: "rg1 2ab",
    comments: "An old wardrobe and a broken washing machine, ground floor garage.",
  };
}

export async function sendQuote(page: Page, who: Customer, photos: Photo[]) {
  await page.goto("/quote");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Request a quote");
  await page.getByLabel("Full name").fill(who.name);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Phone number").fill(who.phone);
  await page.getByLabel("Address line 1").fill(who.address);
  await page.getByLabel("Town").fill(who.town);
  await page.getByLabel("Postcode").fill(who.postcode);
  await page.getByLabel("What needs removing?").fill(who.comments);
  await page.getByLabel("Photos of what needs removing").setInputFiles(photos);
  await page.getByRole("button", { name: "Send my quote request" }).click();
  await expect(page.getByTestId("quote-success")).toContainText(
    "Your quotation request has been submitted successfully!",
  );
}

/** Staff search the quotes by name; returns the one row found. */
export async function findQuote(page: Page, name: string) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]full_name=/);
  await expect(page.getByText("1 quote", { exact: true })).toBeVisible();
  const row = page.getByTestId("quote-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  return row;
}

/** A day some way ahead, as YYYY-MM-DD in Europe/London. */
export function londonDayAhead(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** "2025-03-07" → "Friday 7 March 2025", as the dashboard titles a day. */
export function longDate(isoDay: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  })
    .format(new Date(`${isoDay}T12:00:00Z`))
    .replace(",", "");
}

/** "2026-12" → "December 2026", as the calendar heads a month. */
export function monthLabel(month: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "UTC",
    month: "long",
    year: "numeric",
  }).format(new Date(`${month}-01T12:00:00Z`));
}

export function nextMonth(month: string): string {
  const day = new Date(`${month}-01T12:00:00Z`);
  day.setUTCMonth(day.getUTCMonth() + 1);
  return day.toISOString().slice(0, 7);
}
