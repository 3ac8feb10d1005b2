// An engine's evaluation in words for the analysis panel: the server's figure (PROTOCOL.md,
// `eval`: `cp` or `mate`, from White's side) as a person reads it.

// Past this many pawns a side is winning whatever the figure (lichess's winning chances are over
// 99%), so the page says no more than that: "+10.0 or more".
const EVAL_CAP_PAWNS = 10;

// "+0.3", "-1.5" (pawns, one decimal as lichess shows them), "+10.0 or more", "#3", "#-2"; a mated
// position: "Checkmate".
export function evalText(evaluation) {
  if (evaluation.mate !== undefined) return evaluation.mate === 0 ? 'Checkmate' : `#${evaluation.mate}`;
  const pawns = evaluation.cp / 100, sign = pawns > 0 ? '+' : '-';
  if (Math.abs(pawns) >= EVAL_CAP_PAWNS) return `${sign}${EVAL_CAP_PAWNS.toFixed(1)} ${pawns > 0 ? 'or more' : 'or less'}`;
  const shown = Math.abs(pawns).toFixed(1);
  return shown === '0.0' ? shown : sign + shown;
}
