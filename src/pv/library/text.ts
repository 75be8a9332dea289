/**
 * Text of an equipment file from its bytes or text: a UTF-8 byte-order mark is dropped, and bytes
 * that are not UTF-8 are read as Latin-1 (ISO 8859-1), the encoding of PVsyst files written on
 * Windows (their degree signs and accents). No file system: src/node reads the bytes.
 */
export function equipmentText(input: string | Uint8Array): string {
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      // Latin-1: each byte is the code point of its value.
      const parts: string[] = [];
      for (let i = 0; i < input.length; i += 8192)
        parts.push(String.fromCharCode(...input.subarray(i, Math.min(i + 8192, input.length))));
      text = parts.join('');
    }
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
