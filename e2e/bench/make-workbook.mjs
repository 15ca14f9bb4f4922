// Writes a workbook of connector rows (KPI, date, value, note) to the path given, as a customer's
// export would be: `kpis` KPIs named "KPI 1"… by day from 2000-01-01, each row with a random note,
// streamed so that its size is bounded by the disk only. workbooks.ts runs it in a child process,
// so that building the workbook does not count in the benchmark's own memory.
import { randomBytes } from "node:crypto";
import ExcelJS from "exceljs";

const [file, kpis, days, noteBytes] = process.argv.slice(2);
const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
const sheet = book.addWorksheet("Figures");
sheet.addRow(["KPI", "Date", "Value", "Note"]).commit();
for (let d = 0; d < Number(days); d++) {
  const date = new Date(Date.UTC(2000, 0, 1 + d)).toISOString().slice(0, 10);
  for (let k = 1; k <= Number(kpis); k++) sheet.addRow([`KPI ${k}`, date, 100 + ((d * k) % 97), randomBytes(Number(noteBytes)).toString("base64")]).commit();
}
sheet.commit();
await book.commit();
