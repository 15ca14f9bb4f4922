import createNextIntlPlugin from "next-intl/plugin";
import { securityHeaders } from "./lib/cli/security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "proper-lockfile", "exceljs", "pdfmake", "nodemailer"],
  poweredByHeader: false,
  // lib/cli/server.mjs compresses, at a cheaper level than Next's default.
  compress: false,
  experimental: {
    // One script per chunk group (the root layout, the dashboard's layout, the page, each lazy part):
    // every script costs a request and its headers, and one stream compresses better than several.
    // Code shared by every page stays in one script that navigation does not fetch again
    // (npm run bench -- pages and npm run bench -- lighthouse print the first-load figures).
    turbopackChunking: { minChunkSize: 1_000_000, maxChunkCountPerGroup: 1, maxMergeChunkSize: 2_000_000 },
    // The style sheet comes inside each page's HTML: the first paint waits for one response instead
    // of two, a round trip less on a phone's connection. The HTML holds the sheet twice (the <style>
    // and React's payload); brotli sends the second copy for next to nothing, gzip cannot reach back
    // that far (npm run bench -- lighthouse prints the document's bytes beside the LCP).
    inlineCss: true,
  },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // The dashboard's JSON routes load nothing and render nothing.
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }] },
    ];
  },
};

// Messages are compiled when built, so pages ship no ICU message parser.
export default createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: ["en", "es"], sourceLocale: "en", precompile: true } },
})(nextConfig);
