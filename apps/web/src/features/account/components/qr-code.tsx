import { encode } from 'uqr';

/** A QR code of `text`, drawn as one SVG path (dark modules on white, with a quiet border). */
export function QrCode({
  text,
  label,
  size = 200,
}: {
  text: string;
  label: string;
  size?: number;
}) {
  const { data } = encode(text, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${data.length} ${data.length}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="border rounded"
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
