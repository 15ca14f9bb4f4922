import { expect, test as setup } from "@playwright/test";
import { AUTH_FILE } from "../playwright.config";
import { DEMO } from "./fixtures";

// Logs in through the dashboard's own login route, without rendering a page, so that the
// manager-session spec after it starts with nothing cached on the server.
setup("log in as the demo manager", async ({ page, baseURL }) => {
  const response = await page.request.post("/api/session", {
    headers: { Origin: baseURL! },
    data: { email: DEMO.email, contraseña: DEMO.password },
  });
  expect(response.status()).toBe(200);
  expect(await response.text()).not.toContain("gst_");
  await page.context().storageState({ path: AUTH_FILE });
});
