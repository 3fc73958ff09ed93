import type { ReactNode } from 'react';
import { useTheme } from '@mui/material/styles';

/**
 * The walkthrough's pictures: the product's own screens, drawn small in SVG (no artwork from
 * elsewhere). Each is a phone-width screen with the app's header in the brand colour; what is
 * on it follows the real screen (Recommend's tag chips and Book cards, the upload dialog, a
 * Book page's rating bar and numbered points, the home feed, the people grid). Decorative: the
 * step's text says the same (aria-hidden).
 */
export type StepName = 'find' | 'post' | 'read' | 'follow' | 'people';

function Screen({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const { primary, grey } = theme.palette;
  return (
    <svg viewBox="0 0 240 150" width="100%" role="presentation" aria-hidden="true" focusable="false" style={{ display: 'block' }}>
      <rect x="0" y="0" width="240" height="150" rx="12" fill={primary.main} opacity="0.08" />
      <rect x="52" y="8" width="136" height="142" rx="10" fill="#ffffff" stroke={grey[300]} />
      <rect x="52" y="8" width="136" height="20" rx="10" fill={primary.main} />
      <rect x="52" y="18" width="136" height="10" fill={primary.main} />
      <rect x="60" y="14" width="30" height="8" rx="4" fill="#ffffff" opacity="0.9" />
      <circle cx="176" cy="18" r="4" fill="#ffffff" opacity="0.9" />
      {children}
    </svg>
  );
}

function Find() {
  const { primary, secondary, grey } = useTheme().palette;
  return (
    <Screen>
      <rect x="60" y="34" width="120" height="10" rx="5" fill={grey[200]} />
      {[0, 1, 2].map((i) => (
        <rect key={i} x={60 + i * 40} y="50" width="36" height="9" rx="4.5" fill={i === 0 ? primary.main : grey[200]} />
      ))}
      {[0, 1].map((row) =>
        [0, 1].map((col) => (
          <g key={`${row}-${col}`}>
            <rect x={60 + col * 62} y={66 + row * 40} width="58" height="36" rx="6" fill="#ffffff" stroke={grey[300]} />
            <rect x={64 + col * 62} y={70 + row * 40} width="20" height="28" rx="3" fill={row === col ? secondary.main : primary.light} opacity="0.85" />
            <rect x={88 + col * 62} y={72 + row * 40} width="26" height="5" rx="2.5" fill={grey[400]} />
            <rect x={88 + col * 62} y={81 + row * 40} width="20" height="4" rx="2" fill={grey[300]} />
          </g>
        )),
      )}
    </Screen>
  );
}

function Post() {
  const { primary, secondary, grey } = useTheme().palette;
  return (
    <Screen>
      <rect x="66" y="40" width="40" height="50" rx="4" fill="#ffffff" stroke={grey[400]} />
      {[0, 1, 2, 3].map((i) => (
        <rect key={i} x="72" y={48 + i * 9} width="28" height="4" rx="2" fill={i === 0 ? secondary.main : grey[300]} />
      ))}
      <path d="M112 65 h18 m-6 -6 l6 6 l-6 6" stroke={primary.main} strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="136" y="38" width="40" height="54" rx="4" fill={primary.main} />
      <rect x="142" y="46" width="28" height="5" rx="2.5" fill="#ffffff" />
      <rect x="142" y="56" width="20" height="4" rx="2" fill="#ffffff" opacity="0.7" />
      <rect x="142" y="76" width="28" height="8" rx="2" fill="#ffffff" opacity="0.5" />
      <rect x="66" y="102" width="110" height="14" rx="7" fill={primary.main} opacity="0.15" />
      <rect x="66" y="102" width="70" height="14" rx="7" fill={primary.main} />
      <circle cx="170" cy="134" r="9" fill={secondary.main} />
      <path d="M170 129 v10 m-5 -5 h10" stroke="#ffffff" strokeWidth="2" strokeLinecap="round" />
    </Screen>
  );
}

function Read() {
  const { primary, secondary, grey } = useTheme().palette;
  return (
    <Screen>
      <rect x="60" y="34" width="120" height="30" rx="4" fill={primary.light} opacity="0.6" />
      <rect x="60" y="70" width="80" height="6" rx="3" fill={grey[500]} />
      <rect x="60" y="82" width="120" height="6" rx="3" fill={grey[200]} />
      <rect x="60" y="82" width="90" height="6" rx="3" fill={secondary.main} />
      {[0, 1, 2].map((i) => (
        <g key={i}>
          <circle cx="64" cy={100 + i * 13} r="4.5" fill={primary.main} />
          <rect x="73" y={97 + i * 13} width={90 - i * 14} height="5" rx="2.5" fill={grey[300]} />
        </g>
      ))}
    </Screen>
  );
}

function Follow() {
  const { primary, secondary, grey } = useTheme().palette;
  return (
    <Screen>
      {[0, 1, 2].map((i) => (
        <g key={i}>
          <rect x="58" y={34 + i * 38} width="124" height="34" rx="6" fill="#ffffff" stroke={grey[300]} />
          <circle cx="70" cy={45 + i * 38} r="7" fill={i === 1 ? secondary.main : primary.light} />
          <rect x="82" y={41 + i * 38} width="50" height="5" rx="2.5" fill={grey[500]} />
          <rect x="82" y={51 + i * 38} width="80" height="4" rx="2" fill={grey[300]} />
          <path d={`M166 ${58 + i * 38} l-4 -4 a2.6 2.6 0 0 1 4 -3.2 a2.6 2.6 0 0 1 4 3.2 z`} fill={i === 0 ? secondary.main : grey[400]} />
        </g>
      ))}
    </Screen>
  );
}

function People() {
  const { primary, secondary, grey } = useTheme().palette;
  return (
    <Screen>
      {[0, 1].map((row) =>
        [0, 1, 2].map((col) => (
          <g key={`${row}-${col}`}>
            <rect x={60 + col * 41} y={36 + row * 56} width="37" height="50" rx="6" fill="#ffffff" stroke={grey[300]} />
            <circle cx={78.5 + col * 41} cy={52 + row * 56} r="9" fill={(row + col) % 2 ? secondary.main : primary.light} />
            <rect x={66 + col * 41} y={66 + row * 56} width="25" height="4" rx="2" fill={grey[400]} />
            <rect x={67 + col * 41} y={74 + row * 56} width="23" height="7" rx="3.5" fill={primary.main} opacity={row === 0 && col === 1 ? 1 : 0.25} />
          </g>
        )),
      )}
    </Screen>
  );
}

export const ILLUSTRATIONS: Record<StepName, () => ReactNode> = { find: Find, post: Post, read: Read, follow: Follow, people: People };
