import "server-only";
import { fromBuffer, type Entry, type ZipFile } from "yauzl";
import { QueryRefusal } from "./sql-text";

/** What a workbook may unpack to: its parts together, and how many parts. */
interface WorkbookBounds {
  maxUnpackedBytes: number;
  maxParts: number;
}

/**
 * Unpacks a workbook's parts as a stream, counting the bytes each really inflates to, and refuses
 * it past the bounds before anything keeps them: a zip bomb (a few KiB that inflate to gigabytes)
 * stops at the bound with the process's memory untouched. The sizes a zip declares are not
 * trusted: an entry that inflates past its own declaration is refused as it does.
 */
export async function checkWorkbookBounds(bytes: Buffer, bounds: WorkbookBounds): Promise<void> {
  const tooBig = () =>
    new QueryRefusal(`The workbook unpacks to more than ${bounds.maxUnpackedBytes / 1024 / 1024} MiB: keep only the sheet Gauge reads, or export it as CSV`);
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: false }, (error, file) =>
      error ? reject(new QueryRefusal(`The workbook could not be read: ${error.message}`)) : resolve(file),
    ),
  );
  let unpacked = 0;
  let parts = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("error", (error: Error) => reject(error instanceof QueryRefusal ? error : new QueryRefusal(`The workbook could not be read: ${error.message}`)));
      zip.on("end", () => resolve());
      zip.on("entry", (entry: Entry) => {
        if (++parts > bounds.maxParts) return reject(new QueryRefusal(`The workbook holds more than ${bounds.maxParts} parts`));
        if (unpacked + entry.uncompressedSize > bounds.maxUnpackedBytes) return reject(tooBig());
        zip.openReadStream(entry, (error, stream) => {
          if (error) return reject(new QueryRefusal(`The workbook could not be read: ${error.message}`));
          let inEntry = 0;
          stream.on("data", (chunk: Buffer) => {
            unpacked += chunk.length;
            inEntry += chunk.length;
            if (inEntry > entry.uncompressedSize) {
              stream.destroy();
              reject(new QueryRefusal("The workbook's parts inflate past the sizes they declare: it is not read"));
            } else if (unpacked > bounds.maxUnpackedBytes) {
              stream.destroy();
              reject(tooBig());
            }
          });
          stream.on("error", (e: Error) => reject(new QueryRefusal(`The workbook could not be read: ${e.message}`)));
          stream.on("end", () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}
