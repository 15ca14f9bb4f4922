import type { StrategyMap } from "@/lib/contract/maps";

export const MAP = { width: 1400, label: 170, band: 150, node: { width: 200, height: 84 }, gap: 16 } as const;

export type PlacedObjective = StrategyMap["perspectives"][number]["objectives"][number] & { x: number; y: number; perspective: string };

/**
 * The built-in layout: one horizontal band per perspective, top to bottom; its objectives side
 * by side in their order, centred in the band, shrunk to fit when there are many.
 */
export function layout(map: StrategyMap) {
  const placed: PlacedObjective[] = [];
  const room = MAP.width - MAP.label - MAP.gap;
  const widest = Math.max(1, ...map.perspectives.map((p) => p.objectives.length));
  const nodeWidth = Math.min(MAP.node.width, (room - MAP.gap * (widest - 1)) / widest);
  map.perspectives.forEach((perspective, band) => {
    const n = perspective.objectives.length;
    const span = n * nodeWidth + (n - 1) * MAP.gap;
    const left = MAP.label + MAP.gap / 2 + (room - span) / 2;
    perspective.objectives.forEach((objective, i) =>
      placed.push({ ...objective, perspective: perspective.name, x: left + i * (nodeWidth + MAP.gap), y: band * MAP.band + (MAP.band - MAP.node.height) / 2 }),
    );
  });
  return { placed, nodeWidth, height: Math.max(1, map.perspectives.length) * MAP.band };
}

/** An arrow from one node to another: from the edge facing it, curved between bands. */
export function arrowPath(from: PlacedObjective, to: PlacedObjective, nodeWidth: number): string {
  const [fx, tx] = [from.x + nodeWidth / 2, to.x + nodeWidth / 2];
  if (Math.abs(from.y - to.y) < 1) {
    // In one band: under the boxes between them, not through them.
    const y = from.y + MAP.node.height;
    const dip = y + (MAP.band - MAP.node.height) / 2 - 4;
    return `M ${fx} ${y} C ${fx} ${dip}, ${tx} ${dip}, ${tx} ${y}`;
  }
  const down = to.y > from.y;
  const sy = down ? from.y + MAP.node.height : from.y;
  const ey = down ? to.y : to.y + MAP.node.height;
  const mid = (sy + ey) / 2;
  return `M ${fx} ${sy} C ${fx} ${mid}, ${tx} ${mid}, ${tx} ${ey}`;
}
