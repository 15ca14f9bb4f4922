"use client";

import { useState } from "react";
import { Button } from "./button";

type Words = { ask: string; question: string; confirm: string; keep: string };

/** "Delete…", then the question with a red confirm and a keep button: nothing is deleted on one click. */
export function ConfirmDelete({ words, pending, onConfirm }: { words: Words; pending?: boolean; onConfirm: () => void }) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {words.ask}
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span>{words.question}</span>
      <Button className="bg-red-700 hover:bg-red-800 dark:bg-red-700" disabled={pending} onClick={onConfirm}>
        {words.confirm}
      </Button>
      <Button variant="secondary" onClick={() => setConfirming(false)}>
        {words.keep}
      </Button>
    </div>
  );
}
