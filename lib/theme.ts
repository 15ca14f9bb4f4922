/** The theme the reader chose with the header's toggle (absent: the system's). */
export const THEME_COOKIE = "gauge_theme";
type Theme = "light" | "dark";

export const isTheme = (value: unknown): value is Theme => value === "light" || value === "dark";

/** Keeps the reader's choice for a year, so the server renders the next page in it. */
export function saveTheme(theme: Theme) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
  document.cookie = `${THEME_COOKIE}=${theme};path=/;max-age=31536000;samesite=lax`;
}
