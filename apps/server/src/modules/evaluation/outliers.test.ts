import { describe, expect, it } from 'vitest';
import { findOutliers } from './outliers.js';

/** Technical 50 and commercial 20: an outlier lies more than 15 or 6 points from the others' mean. */
const criteria = [
  { criterionId: 1, maxScore: 50 },
  { criterionId: 2, maxScore: 20 },
];
const sheet = (memberId: number, technical: number, commercial: number, bidId = 10) => ({
  memberId,
  scores: [
    { bidId, criterionId: 1, score: technical },
    { bidId, criterionId: 2, score: commercial },
  ],
});

describe('findOutliers', () => {
  it('flags a score more than 30 % of the maximum away from the others’ mean', () => {
    // Others' mean on technical for member 4: (40 + 42 + 38) / 3 = 40; 20 is 20 away (> 15).
    const found = findOutliers(
      [sheet(1, 40, 15), sheet(2, 42, 16), sheet(3, 38, 14), sheet(4, 20, 15)],
      criteria,
    );
    expect(found).toEqual([{ memberId: 4, bidId: 10, criterionId: 1, score: 20, othersMean: 40 }]);
  });

  it('does not flag a gap of exactly 30 %, and flags one tenth more', () => {
    // Others' mean 40: 25 is exactly 15 away; 24.9 is 15.1 away.
    expect(findOutliers([sheet(1, 40, 10), sheet(2, 40, 10), sheet(3, 25, 10)], criteria)).toEqual(
      [],
    );
    const found = findOutliers([sheet(1, 40, 10), sheet(2, 40, 10), sheet(3, 24.9, 10)], criteria);
    expect(found.map((o) => [o.memberId, o.criterionId])).toEqual([[3, 1]]);
  });

  it('judges each criterion by its own maximum and each bid apart', () => {
    // Commercial (max 20): 6 is the limit; member 3 gave 3 against the others' 10 (7 away).
    const found = findOutliers(
      [
        { memberId: 1, scores: [...sheet(1, 30, 10).scores, ...sheet(1, 30, 10, 11).scores] },
        { memberId: 2, scores: [...sheet(2, 30, 10).scores, ...sheet(2, 30, 10, 11).scores] },
        { memberId: 3, scores: [...sheet(3, 30, 3).scores, ...sheet(3, 30, 5, 11).scores] },
      ],
      criteria,
    );
    expect(found).toEqual([{ memberId: 3, bidId: 10, criterionId: 2, score: 3, othersMean: 10 }]);
  });

  it('can flag the others too when two members are far apart, with the mean rounded to 2 decimals', () => {
    // Member 1 at 0, members 2 and 3 at 50 and 49: 1 is 49.5 from their mean; 2 and 3 are
    // 24.5 and 25 from the means of the others (0 and 49: 24.5; 0 and 50: 25).
    const found = findOutliers([sheet(1, 0, 10), sheet(2, 50, 10), sheet(3, 49, 10)], criteria);
    expect(found).toEqual([
      { memberId: 1, bidId: 10, criterionId: 1, score: 0, othersMean: 49.5 },
      { memberId: 2, bidId: 10, criterionId: 1, score: 50, othersMean: 24.5 },
      { memberId: 3, bidId: 10, criterionId: 1, score: 49, othersMean: 25 },
    ]);
    // Others' mean (10 + 10 + 11) / 3 = 10.333… is shown as 10.33.
    const thirds = findOutliers(
      [sheet(1, 30, 0), sheet(2, 30, 10), sheet(3, 30, 10), sheet(4, 30, 11)],
      criteria,
    );
    expect(thirds).toEqual([
      { memberId: 1, bidId: 10, criterionId: 2, score: 0, othersMean: 10.33 },
    ]);
    expect(findOutliers([sheet(1, 30, 0), sheet(2, 30, 10), sheet(3, 30, 1)], criteria)).toEqual([
      { memberId: 2, bidId: 10, criterionId: 2, score: 10, othersMean: 0.5 },
    ]);
  });

  it('never flags a lone score, a criterion not listed (price), or nothing', () => {
    expect(findOutliers([sheet(1, 0, 0)], criteria)).toEqual([]);
    expect(findOutliers([], criteria)).toEqual([]);
    expect(
      findOutliers(
        [
          { memberId: 1, scores: [{ bidId: 10, criterionId: 3, score: 0 }] },
          { memberId: 2, scores: [{ bidId: 10, criterionId: 3, score: 30 }] },
        ],
        criteria,
      ),
    ).toEqual([]);
  });
});
