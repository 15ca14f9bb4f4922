import "server-only";

/**
 * What a notification says, before it is shaped for a channel: a title (also the delivery log's
 * summary), facts as label and value, optional lines of text, and a link into the dashboard.
 */
export interface Message {
  title: string;
  facts: [label: string, value: string][];
  lines?: string[];
  link?: { label: string; url: string };
}

export type ChatFormat = "slack" | "teams" | "google_chat";

/** Slack's incoming-webhook message: `text` for notifications, blocks for the channel. */
function slack(m: Message) {
  const blocks: unknown[] = [
    { type: "header", text: { type: "plain_text", text: m.title.slice(0, 150), emoji: false } },
    { type: "section", fields: m.facts.slice(0, 10).map(([label, value]) => ({ type: "mrkdwn", text: `*${escapeSlack(label)}*\n${escapeSlack(value)}` })) },
  ];
  if (m.lines?.length) blocks.push({ type: "section", text: { type: "mrkdwn", text: m.lines.map(escapeSlack).join("\n").slice(0, 3000) } });
  if (m.link) blocks.push({ type: "actions", elements: [{ type: "button", text: { type: "plain_text", text: m.link.label }, url: m.link.url }] });
  return { text: m.title, blocks };
}

const escapeSlack = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A Microsoft Teams message carrying an Adaptive Card (Workflows and incoming webhooks accept it). */
function teams(m: Message) {
  const body: unknown[] = [
    { type: "TextBlock", text: m.title, weight: "Bolder", size: "Medium", wrap: true },
    { type: "FactSet", facts: m.facts.map(([title, value]) => ({ title, value })) },
    ...(m.lines ?? []).map((text) => ({ type: "TextBlock", text, wrap: true })),
  ];
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body,
          ...(m.link ? { actions: [{ type: "Action.OpenUrl", title: m.link.label, url: m.link.url }] } : {}),
        },
      },
    ],
  };
}

/** A Google Chat incoming-webhook message: the text for notifications and a card. */
function googleChat(m: Message) {
  const widgets: unknown[] = m.facts.map(([topLabel, text]) => ({ decoratedText: { topLabel, text } }));
  for (const line of m.lines ?? []) widgets.push({ textParagraph: { text: line } });
  if (m.link) widgets.push({ buttonList: { buttons: [{ text: m.link.label, onClick: { openLink: { url: m.link.url } } }] } });
  return { text: m.title, cardsV2: [{ cardId: "gauge", card: { header: { title: m.title }, sections: [{ widgets }] } }] };
}

export function chatBody(format: ChatFormat, message: Message): string {
  const shaped = format === "slack" ? slack(message) : format === "teams" ? teams(message) : googleChat(message);
  return JSON.stringify(shaped);
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** An e-mail: plain text for every reader, and simple HTML (no images, no remote content). */
export function emailContent(message: Message): { subject: string; text: string; html: string } {
  const text = [
    message.title,
    "",
    ...message.facts.map(([label, value]) => `${label}: ${value}`),
    ...(message.lines?.length ? ["", ...message.lines] : []),
    ...(message.link ? ["", `${message.link.label}: ${message.link.url}`] : []),
    "",
    "-- Gauge",
  ].join("\n");
  const rows = message.facts
    .map(([label, value]) => `<tr><th align="left" style="padding:2px 12px 2px 0;color:#475569">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join("");
  const html = [
    `<div style="font-family:system-ui,sans-serif;font-size:14px;color:#0f172a">`,
    `<h1 style="font-size:18px">${escapeHtml(message.title)}</h1>`,
    `<table>${rows}</table>`,
    ...(message.lines ?? []).map((line) => `<p>${escapeHtml(line)}</p>`),
    message.link ? `<p><a href="${escapeHtml(message.link.url)}">${escapeHtml(message.link.label)}</a></p>` : "",
    `</div>`,
  ].join("");
  return { subject: message.title, text, html };
}
