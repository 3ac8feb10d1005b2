// The umpire's announcements in words, as both players (and spectators) hear them.
import { capitalize } from './dom.js';

const CHECK_WORDS = {
  rank: 'on the rank', file: 'on the file', long_diagonal: 'on the long diagonal',
  short_diagonal: 'on the short diagonal', knight: 'by a knight',
};

// [{text, mine, refused}] lines for one umpire message, seen by `you`.
export function announce(message, you) {
  const mine = message.by === you;
  const who = capitalize(message.by);
  if (message.say === 'moved') {
    const lines = [{ text: mine && message.move ? `${who} has moved (${message.move}).` : `${who} has moved.`, mine }];
    if (message.capture) lines.push({ text: `Capture on ${message.capture}.`, mine });
    for (const direction of message.check ?? []) lines.push({ text: `Check ${CHECK_WORDS[direction] ?? direction}.`, mine });
    return lines;
  }
  if (message.say === 'illegal') {
    return [{ text: mine && message.move ? `${who} tries ${message.move}: No.` : `${who} tries: No.`, mine, refused: true }];
  }
  if (message.say === 'any') {
    const answer = message.answer === 'try' ? 'Try!' : 'No.';
    return [{ text: `${who} asks "Are there any?" ${answer}`, mine }];
  }
  return [];
}
