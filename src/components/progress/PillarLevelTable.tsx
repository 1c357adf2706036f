import type { ReactNode } from 'react';
import { type Level, LEVEL_LABELS, LEVELS, type Pillar, PILLAR_LABELS, PILLARS } from '../../lib/domain.ts';

interface Props {
  testId: string;
  /** `reflow` stacks the cells on a phone, each under its level's name. */
  reflow?: boolean;
  /** What the table says for a pillar at a level. */
  cell: (pillar: Pillar, level: Level) => ReactNode;
}

/** A table with a row per pillar and a column per level. */
export default function PillarLevelTable({ testId, reflow = false, cell }: Props) {
  return (
    <table className={reflow ? 'data-table reflow' : 'data-table'} data-testid={testId}>
      <thead>
        <tr>
          <th scope='col'>Pillar</th>
          {LEVELS.map((level) => (
            <th key={level} scope='col'>
              {LEVEL_LABELS[level]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {PILLARS.map((pillar) => (
          <tr key={pillar}>
            <th scope='row'>{PILLAR_LABELS[pillar]}</th>
            {LEVELS.map((level) => (
              <td key={level} data-cell={`${pillar}-${level}`} data-label={LEVEL_LABELS[level]}>
                {cell(pillar, level)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
