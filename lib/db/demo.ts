import type { KpiFile, ScorecardFile } from "@/lib/contract/scorecard-file";
import { mulberry32 } from "@/lib/seeded-random";

export const DEMO_EMAIL = "demo@example.com";
export const DEMO_PASSWORD = "demo-password";

type Interval = NonNullable<KpiFile["updateInterval"]>;

/** How a KPI's made-up history behaves: a level, a yearly trend, a seasonal swing, noise and gaps. */
interface Story {
  level: number;
  trendPerYear?: number;
  season?: number;
  noise?: number;
  gaps?: number;
  decimals?: number;
  binary?: number; // probability of a 1 for BINARY KPIs
}

const STEP_MONTHS: Partial<Record<Interval, number>> = { MONTH: 1, QUARTER: 3, HALF_YEAR: 6, YEAR: 12 };

/** Period-start dates of the interval from `from` to `to` inclusive (UTC). */
function periodStarts(interval: Interval, from: Date, to: Date): Date[] {
  const out: Date[] = [];
  const d = new Date(from);
  if (interval === "DAY" || interval === "WEEK") {
    if (interval === "WEEK") d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    for (; d <= to; d.setUTCDate(d.getUTCDate() + (interval === "DAY" ? 1 : 7))) out.push(new Date(d));
    return out;
  }
  const step = STEP_MONTHS[interval]!;
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - (d.getUTCMonth() % step));
  for (; d <= to; d.setUTCMonth(d.getUTCMonth() + step)) out.push(new Date(d));
  return out;
}

function history(kpi: KpiFile & { story: Story }, from: Date, to: Date, random: () => number) {
  const { level, trendPerYear = 0, season = 0, noise = 0.05, gaps = 0.04, decimals = 1, binary } = kpi.story;
  return periodStarts(kpi.updateInterval ?? "MONTH", from, to).flatMap((date) => {
    if (random() < gaps) return [];
    const years = (date.getTime() - from.getTime()) / (365.25 * 86_400_000);
    const seasonal = Math.sin(2 * Math.PI * (date.getUTCMonth() / 12 + date.getUTCDate() / 365));
    const raw =
      binary !== undefined
        ? Number(random() < binary)
        : level * (1 + trendPerYear * years) * (1 + season * seasonal) * (1 + noise * (random() * 2 - 1));
    const value = Number(raw.toFixed(decimals));
    return [{ date: date.toISOString().slice(0, 10), value }];
  });
}

// Targets, baselines and scales are per update period: a daily SUM KPI's target is a day's amount
// (a month's target is then the sum of its days'), a weekly one's a week's.
type DemoKpi = Omit<KpiFile, "children"> & { story?: Story; children?: DemoKpi[] };
/** The demo's units as a Spanish reader reads them; a KPI's name stays the company's own. */
const SPANISH_UNITS: Record<string, string> = {
  calls: "llamadas", complaints: "quejas", customers: "clientes", days: "días", deals: "operaciones", demos: "demostraciones", hours: "horas",
  ideas: "ideas", incidents: "incidencias", leads: "oportunidades", months: "meses", patches: "parches", people: "personas", points: "puntos",
  tickets: "incidencias", users: "usuarios", "yes/no": "sí/no",
};
const kpi = (name: string, props: Omit<DemoKpi, "name">): DemoKpi => {
  const unit = props.measure === undefined ? undefined : SPANISH_UNITS[props.measure];
  return { name, ...props, ...(unit ? { translations: { es: { measure: unit } } } : {}) };
};
const plan = (name: string, status: "IN_PROGRESS" | "NOT_STARTED", budget: number, actualBudget: number, months: number, responsible: string[]) => ({
  name,
  status,
  initiativeType: "PROJECT",
  budget,
  actualBudget,
  currency: "USD",
  duration: months,
  durationUnit: "MONTH" as const,
  showOnMap: true,
  responsible,
});
const group = (name: string, description: string, children: DemoKpi[], weight = 1): DemoKpi => ({
  name,
  description,
  type: "CONTAINER",
  weight,
  children,
});

const company: Omit<ScorecardFile, "kpis"> & { kpis: DemoKpi[] } = {
  name: "Acme Corp balanced scorecard",
  description: "Company strategy across the four classic perspectives",
  kpis: [
    group("Financial", "Grow profitably", [
      kpi("Revenue", { id: "revenue", initiatives: [plan("Enter the Nordic market", "IN_PROGRESS", 450_000, 160_000, 9, ["ana@example.com"])], measure: "USD", grouping: "SUM", min: 0, max: 2_500_000, target: 2_000_000, baseline: 1_200_000, story: { level: 1_950_000, trendPerYear: 0.05, season: 0.03, noise: 0.02, gaps: 0, decimals: 0 } }),
      kpi("Operating costs", { id: "costs", measure: "USD", grouping: "SUM", optimization: "MINIMIZE", min: 0, max: 2_000_000, target: 1_100_000, baseline: 1_300_000, story: { level: 1_150_000, trendPerYear: 0.05, season: 0.04, gaps: 0, decimals: 0 } }),
      kpi("Operating margin", { measure: "%", formula: "([revenue] - [costs]) / [revenue] * 100", min: 0, max: 40, target: 25, baseline: 10, type: "INDICATOR" }),
      kpi("Cash runway", { measure: "months", grouping: "LAST", inheritance: true, min: 0, max: 36, target: 24, baseline: 12, story: { level: 18, trendPerYear: 0.1, gaps: 0.4, decimals: 0 } }),
      kpi("Gross margin", { measure: "%", min: 20, max: 60, target: 45, baseline: 35, story: { level: 39, trendPerYear: 0.04, noise: 0.03 } }),
      kpi("Cash conversion cycle", { measure: "days", optimization: "MINIMIZE", min: 0, max: 120, target: 45, baseline: 75, story: { level: 68, trendPerYear: -0.1, noise: 0.08, decimals: 0 } }),
      kpi("Days sales outstanding", { measure: "days", optimization: "MINIMIZE", min: 0, max: 90, target: 35, baseline: 55, story: { level: 48, trendPerYear: -0.08, noise: 0.1 } }),
    ], 2),
    group("Customer", "Delight customers", [
      kpi("Net promoter score", { measure: "points", inheritance: true, min: -100, max: 100, target: 45, baseline: 20, story: { level: 32, trendPerYear: 0.15, noise: 0.15, gaps: 0.25, decimals: 0 } }),
      kpi("Customer satisfaction", { id: "csat", measure: "%", updateInterval: "WEEK", min: 0, max: 100, target: 90, baseline: 75, story: { level: 82, trendPerYear: 0.02, noise: 0.04 } }),
      kpi("Churn rate", { id: "churn", initiatives: [plan("Customer success programme", "IN_PROGRESS", 120_000, 70_000, 6, ["support@example.com"])], measure: "%", optimization: "MINIMIZE", min: 0, max: 10, target: 2, baseline: 5, story: { level: 3.8, trendPerYear: -0.1, noise: 0.15, decimals: 2 } }),
      kpi("New customers", { measure: "customers", updateInterval: "WEEK", grouping: "SUM", min: 0, max: 80, target: 50, baseline: 25, story: { level: 46, trendPerYear: 0.06, season: 0.2, noise: 0.3, decimals: 0 } }),
      kpi("Customer retention", { id: "retention", measure: "%", min: 60, max: 100, target: 92, baseline: 82, story: { level: 86, trendPerYear: 0.015, noise: 0.02 } }),
      kpi("Market share", { measure: "%", updateInterval: "QUARTER", grouping: "LAST", inheritance: true, min: 0, max: 30, target: 18, baseline: 10, story: { level: 12, trendPerYear: 0.08, noise: 0.03 } }),
      kpi("Complaints", { measure: "complaints", updateInterval: "DAY", grouping: "SUM", optimization: "MINIMIZE", min: 0, max: 10, target: 2, baseline: 6, story: { level: 2.6, trendPerYear: -0.1, noise: 0.6, gaps: 0.1, decimals: 0 } }),
    ], 2),
    group("Internal process", "Deliver reliably", [
      kpi("On-time delivery", { id: "ontime", measure: "%", updateInterval: "WEEK", min: 0, max: 100, target: 97, baseline: 88, story: { level: 92, trendPerYear: 0.015, noise: 0.03 } }),
      kpi("Defect rate", { id: "defects", initiatives: [plan("Six Sigma for line leads", "NOT_STARTED", 40_000, 0, 4, [])], measure: "%", updateInterval: "DAY", optimization: "MINIMIZE", min: 0, max: 5, target: 0.8, baseline: 2, story: { level: 1.4, trendPerYear: -0.15, noise: 0.3, gaps: 0.3, decimals: 2 } }),
      kpi("ISO 9001 audit passed", { measure: "yes/no", updateInterval: "QUARTER", grouping: "LAST", optimization: "BINARY", min: 0, max: 1, target: 1, baseline: 0, story: { level: 1, binary: 0.8, gaps: 0, decimals: 0 } }),
      kpi("First pass yield", { measure: "%", updateInterval: "WEEK", min: 80, max: 100, target: 98, baseline: 92, story: { level: 95, trendPerYear: 0.008, noise: 0.015 } }),
      kpi("Supplier on-time rate", { measure: "%", min: 70, max: 100, target: 95, baseline: 85, story: { level: 89, trendPerYear: 0.02, noise: 0.03 } }),
      kpi("Order cycle time", { measure: "days", updateInterval: "WEEK", grouping: "MAX", optimization: "MINIMIZE", min: 0, max: 15, target: 4, baseline: 7, story: { level: 6, trendPerYear: -0.1, noise: 0.2 } }),
    ]),
    group("Learning and growth", "Build capabilities", [
      kpi("Employee engagement", { id: "engagement", measure: "%", updateInterval: "QUARTER", inheritance: true, min: 0, max: 100, target: 80, baseline: 65, story: { level: 71, trendPerYear: 0.03, noise: 0.04 } }),
      kpi("Training hours per employee", { id: "training", measure: "hours", grouping: "SUM", min: 0, max: 12, target: 8, baseline: 3, story: { level: 5, trendPerYear: 0.15, season: 0.3, noise: 0.2 } }),
      kpi("Staff turnover", { measure: "%", updateInterval: "QUARTER", optimization: "MINIMIZE", min: 0, max: 20, target: 6, baseline: 12, story: { level: 9, trendPerYear: -0.08, noise: 0.15 } }),
      kpi("Internal promotions", { measure: "%", updateInterval: "HALF_YEAR", min: 0, max: 60, target: 40, baseline: 20, story: { level: 28, trendPerYear: 0.1, noise: 0.1, decimals: 0 } }),
      kpi("Improvement ideas", { measure: "ideas", grouping: "SUM", min: 0, max: 120, target: 80, baseline: 30, story: { level: 45, trendPerYear: 0.2, season: 0.2, noise: 0.3, decimals: 0 } }),
      kpi("Certified engineers", { measure: "people", updateInterval: "HALF_YEAR", grouping: "LAST", inheritance: true, min: 0, max: 60, target: 40, baseline: 15, story: { level: 20, trendPerYear: 0.25, noise: 0.05, decimals: 0 } }),
    ]),
  ],
  // Cause and effect: people and process drive customers, customers drive the money.
  links: [
    { from: "training", to: "defects" },
    { from: "engagement", to: "ontime" },
    { from: "defects", to: "csat" },
    { from: "ontime", to: "retention" },
    { from: "csat", to: "retention" },
    { from: "retention", to: "revenue" },
    { from: "churn", to: "revenue" },
  ],
};

const sales: typeof company = {
  name: "Sales team scorecard",
  description: "Pipeline, results and activity of the sales team",
  kpis: [
    group("Pipeline", "Keep the funnel full", [
      kpi("Pipeline value", { measure: "USD", updateInterval: "WEEK", grouping: "LAST", inheritance: true, min: 0, max: 5_000_000, target: 3_500_000, baseline: 2_000_000, story: { level: 2_600_000, trendPerYear: 0.12, season: 0.1, gaps: 0.2, decimals: 0 } }),
      kpi("Qualified leads", { measure: "leads", updateInterval: "WEEK", grouping: "SUM", min: 0, max: 300, target: 220, baseline: 120, story: { level: 175, trendPerYear: 0.1, season: 0.15, noise: 0.2, decimals: 0 } }),
      kpi("Lead response time", { measure: "hours", updateInterval: "DAY", grouping: "MIN", optimization: "MINIMIZE", min: 0, max: 48, target: 4, baseline: 12, story: { level: 9, trendPerYear: -0.2, noise: 0.5, gaps: 0.28 } }),
    ]),
    group("Results", "Win profitable deals", [
      kpi("Deals won", { id: "won", measure: "deals", updateInterval: "WEEK", grouping: "SUM", min: 0, max: 30, target: 18, baseline: 8, story: { level: 14, trendPerYear: 0.1, season: 0.2, noise: 0.35, decimals: 0 } }),
      kpi("Deals lost", { id: "lost", measure: "deals", updateInterval: "WEEK", grouping: "SUM", optimization: "MINIMIZE", min: 0, max: 40, target: 14, baseline: 25, story: { level: 19, trendPerYear: -0.08, noise: 0.35, decimals: 0 } }),
      kpi("Win rate", { measure: "%", updateInterval: "WEEK", formula: "[won] / ([won] + [lost]) * 100", min: 0, max: 100, target: 50, baseline: 25, type: "INDICATOR" }),
      kpi("Average deal size", { measure: "USD", min: 0, max: 60_000, target: 45_000, baseline: 25_000, story: { level: 32_000, trendPerYear: 0.08, noise: 0.12, decimals: 0 } }),
      kpi("Largest deal", { measure: "USD", grouping: "MAX", min: 0, max: 250_000, target: 150_000, baseline: 60_000, story: { level: 95_000, trendPerYear: 0.1, noise: 0.4, decimals: 0 } }),
      kpi("Quota attainment", { measure: "%", grouping: "FIRST", min: 0, max: 150, target: 100, baseline: 70, story: { level: 88, trendPerYear: 0.05, season: 0.15, noise: 0.1 } }),
    ], 2),
    group("Activity", "Stay in front of customers", [
      kpi("Sales calls", { measure: "calls", updateInterval: "DAY", grouping: "SUM", min: 0, max: 80, target: 45, baseline: 22, story: { level: 62, trendPerYear: 0.05, noise: 0.3, gaps: 0.28, decimals: 0 } }),
      kpi("Demos given", { measure: "demos", updateInterval: "WEEK", grouping: "SUM", min: 0, max: 40, target: 25, baseline: 10, story: { level: 21, trendPerYear: 0.1, noise: 0.3, decimals: 0 } }),
    ]),
  ],
};

const itOps: typeof company = {
  name: "IT operations scorecard",
  description: "Reliability, service desk and cost of IT",
  kpis: [
    group("Reliability", "Keep systems up", [
      kpi("Service availability", { measure: "%", updateInterval: "DAY", min: 99, max: 100, target: 99.9, baseline: 99.5, story: { level: 99.85, noise: 0.0015, gaps: 0.02, decimals: 3 } }),
      kpi("Major incidents", { measure: "incidents", updateInterval: "DAY", grouping: "SUM", optimization: "MINIMIZE", min: 0, max: 0.6, target: 0.07, baseline: 0.33, story: { level: 0.3, noise: 1, gaps: 0.5, decimals: 0 } }),
      kpi("Mean time to restore", { measure: "hours", updateInterval: "WEEK", optimization: "MINIMIZE", min: 0, max: 12, target: 2, baseline: 6, story: { level: 4, trendPerYear: -0.2, noise: 0.3 } }),
      kpi("Backup verified", { measure: "yes/no", updateInterval: "DAY", grouping: "MIN", optimization: "BINARY", min: 0, max: 1, target: 1, baseline: 0, story: { level: 1, binary: 0.97, gaps: 0.05, decimals: 0 } }),
      kpi("Change success rate", { measure: "%", updateInterval: "WEEK", min: 80, max: 100, target: 98, baseline: 92, story: { level: 95, trendPerYear: 0.01, noise: 0.03 } }),
    ], 2),
    group("Service desk", "Help users quickly", [
      kpi("Ticket backlog", { measure: "tickets", updateInterval: "DAY", grouping: "LAST", inheritance: true, optimization: "MINIMIZE", min: 0, max: 400, target: 80, baseline: 200, story: { level: 160, trendPerYear: -0.15, season: 0.15, noise: 0.15, gaps: 0.3, decimals: 0 } }),
      kpi("First contact resolution", { measure: "%", updateInterval: "WEEK", min: 0, max: 100, target: 75, baseline: 55, story: { level: 64, trendPerYear: 0.05, noise: 0.06 } }),
      kpi("Overdue security patches", { measure: "patches", updateInterval: "WEEK", grouping: "LAST", inheritance: true, optimization: "MINIMIZE", min: 0, max: 50, target: 0, baseline: 20, story: { level: 12, trendPerYear: -0.2, noise: 0.4, gaps: 0.3, decimals: 0 } }),
    ]),
    group("Cost", "Spend wisely", [
      kpi("Cloud spend", { id: "cloud", measure: "USD", grouping: "SUM", optimization: "MINIMIZE", min: 0, max: 200_000, target: 110_000, baseline: 150_000, story: { level: 130_000, trendPerYear: 0.06, season: 0.05, gaps: 0, decimals: 0 } }),
      kpi("Active users", { id: "users", measure: "users", grouping: "LAST", inheritance: true, min: 0, max: 3000, target: 2500, baseline: 1500, story: { level: 1800, trendPerYear: 0.12, noise: 0.02, gaps: 0.2, decimals: 0 } }),
      kpi("IT cost per user", { measure: "USD", formula: "[cloud] / [users]", grouping: "SUM", optimization: "MINIMIZE", min: 0, max: 120, target: 45, baseline: 80, type: "INDICATOR" }),
    ]),
  ],
};

/** The demo scorecards with history from January three years ago to `today`. */
export function demoScorecards(today: Date, seed = 20_240_101): ScorecardFile[] {
  const random = mulberry32(seed);
  const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  // Whole years: a year view should not open on a year holding two months of data.
  const from = new Date(Date.UTC(to.getUTCFullYear() - 3, 0, 1));
  const withHistory = ({ story, children, ...rest }: DemoKpi): KpiFile => ({
    ...rest,
    ...(children ? { children: children.map(withHistory) } : {}),
    ...(story ? { values: history({ ...rest, story }, from, to, random) } : {}),
  });
  return [company, sales, itOps].map((card) => ({ ...card, kpis: card.kpis.map(withHistory) }));
}
