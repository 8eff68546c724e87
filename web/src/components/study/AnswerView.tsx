// One generated answer, drawn by block kind: paragraphs, definitions, formulas,
// numbered steps, points and examples, each with the pages it cites; in exercise mode the solution's
// six parts (objective, steps, theorems, formulas, calculations, final answer). When the course does
// not contain the answer, it says so plainly and cites nothing.
import type { ReactNode } from 'react';
import type { Answer, AnswerBlock, Calculation, CitedText, ExerciseSolution } from '../../api/study';
import { Icon } from '../ContentParts';
import { useI18n, type MessageKey } from '../../i18n';
import Citations from './Citations';
import MathText from './MathText';

const blockLabel: Partial<Record<AnswerBlock['kind'], MessageKey>> = {
  definition: 'answer.definition',
  formula: 'answer.formula',
  example: 'answer.example',
};

type Group = { kind: 'step' | 'point'; blocks: AnswerBlock[] } | { kind: 'single'; block: AnswerBlock };

/** Consecutive steps become one numbered list, consecutive points one bulleted list. */
function groupBlocks(blocks: readonly AnswerBlock[]): Group[] {
  const groups: Group[] = [];
  for (const block of blocks) {
    const last = groups[groups.length - 1];
    if ((block.kind === 'step' || block.kind === 'point') && last?.kind === block.kind) last.blocks.push(block);
    else if (block.kind === 'step' || block.kind === 'point') groups.push({ kind: block.kind, blocks: [block] });
    else groups.push({ kind: 'single', block });
  }
  return groups;
}

/** The engine may start a part with its own label ("Objectif : …", "Étape 2 : …"): the part's title says it already. */
const PART_LABEL = /^(?:objectif|objective|réponse finale|final answer|étape\s*\d+|step\s*\d+|formule|formula|définition|definition|exemple|example)\s*:\s*/iu;

function unlabelled<T extends { text: string }>(item: T): T {
  const text = item.text.replace(PART_LABEL, '');
  if (text === item.text || !text.trim()) return item;
  return { ...item, text: text.charAt(0).toLocaleUpperCase() + text.slice(1) };
}

const normalized = (text: string): string => text.replace(PART_LABEL, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** Blocks that only repeat a part of the solution (some engines mirror the solution in `blocks`). */
function extraBlocks(blocks: readonly AnswerBlock[], solution: ExerciseSolution): AnswerBlock[] {
  const parts = new Set(
    [solution.objective, ...solution.steps, ...solution.theorems, ...solution.formulas, solution.final_answer]
      .map((p) => p.text)
      .concat(solution.calculations.map((c) => c.expression))
      .map(normalized),
  );
  return blocks.filter((b) => !parts.has(normalized(b.text)));
}

function Line({ subjectId, item }: { subjectId: string; item: CitedText | AnswerBlock }) {
  return (
    <>
      <MathText text={item.text} />
      <Citations subjectId={subjectId} citations={item.citations} />
    </>
  );
}

function Block({ subjectId, block }: { subjectId: string; block: AnswerBlock }) {
  const { t } = useI18n();
  const label = blockLabel[block.kind];
  if (!label) {
    return (
      <p className="answer-block answer-paragraph">
        <Line subjectId={subjectId} item={block} />
      </p>
    );
  }
  return (
    <div className={`answer-block answer-box answer-${block.kind}`}>
      <p className="answer-box-label">{t(label)}</p>
      <p className="answer-box-text">
        <Line subjectId={subjectId} item={unlabelled(block)} />
      </p>
    </div>
  );
}

function Blocks({ subjectId, blocks }: { subjectId: string; blocks: readonly AnswerBlock[] }) {
  return (
    <>
      {groupBlocks(blocks).map((g, i) => {
        if (g.kind === 'single') return <Block key={i} subjectId={subjectId} block={g.block} />;
        const items = g.blocks.map((b, j) => (
          <li key={j}>
            <Line subjectId={subjectId} item={b} />
          </li>
        ));
        return g.kind === 'step' ? (
          <ol key={i} className="answer-block answer-steps">
            {items}
          </ol>
        ) : (
          <ul key={i} className="answer-block answer-points">
            {items}
          </ul>
        );
      })}
    </>
  );
}

function Part({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`exercise-part${className ? ` ${className}` : ''}`}>
      <h4 className="exercise-part-title">{title}</h4>
      {children}
    </section>
  );
}

/** A part made of a list of cited lines (their own labels dropped, unless `keepLabels`). */
function LinesPart(props: { subjectId: string; title: string; lines: CitedText[]; listClass: string; ordered?: boolean; keepLabels?: boolean }) {
  const { subjectId, title, lines, listClass, ordered = false, keepLabels = false } = props;
  const List = ordered ? 'ol' : 'ul';
  return (
    <Part title={title}>
      <List className={listClass}>
        {lines.map((s, i) => (
          <li key={i}>
            <Line subjectId={subjectId} item={keepLabels ? s : unlabelled(s)} />
          </li>
        ))}
      </List>
    </Part>
  );
}

const calculationText = (c: Calculation): string => {
  const expression = c.expression.trim();
  return expression.endsWith(c.result.trim()) ? expression : `${expression} = ${c.result.trim()}`;
};

function Exercise({ subjectId, solution }: { subjectId: string; solution: ExerciseSolution }) {
  const { t } = useI18n();
  return (
    <div className="exercise" data-testid="exercise-solution">
      <Part title={t('exercise.objective')}>
        <p>
          <Line subjectId={subjectId} item={unlabelled(solution.objective)} />
        </p>
      </Part>
      <LinesPart subjectId={subjectId} title={t('exercise.steps')} lines={solution.steps} listClass="answer-steps" ordered />
      {solution.theorems.length > 0 && (
        <LinesPart subjectId={subjectId} title={t('exercise.theorems')} lines={solution.theorems} listClass="answer-points" keepLabels />
      )}
      {solution.formulas.length > 0 && <LinesPart subjectId={subjectId} title={t('exercise.formulas')} lines={solution.formulas} listClass="formula-list" />}
      {solution.calculations.length > 0 && (
        <Part title={t('exercise.calculations')}>
          <ul className="formula-list calculation-list">
            {solution.calculations.map((c, i) => (
              <li key={i}>
                <MathText text={calculationText(c)} />
                <Citations subjectId={subjectId} citations={c.citations} />
              </li>
            ))}
          </ul>
        </Part>
      )}
      <Part title={t('exercise.finalAnswer')} className="exercise-final">
        <p>
          <Line subjectId={subjectId} item={unlabelled(solution.final_answer)} />
        </p>
      </Part>
    </div>
  );
}

export default function AnswerView({ subjectId, answer }: { subjectId: string; answer: Answer }) {
  const { t } = useI18n();
  if (!answer.found) {
    const message = answer.not_found_message || answer.blocks.map((b) => b.text).join('\n') || t('answer.notFound');
    return (
      <div className="answer-not-found" role="note" data-testid="answer-not-found">
        <span className="answer-not-found-icon" aria-hidden="true">
          <Icon name="search" />
        </span>
        <div>
          <p className="answer-not-found-title">{t('answer.notFoundTitle')}</p>
          <p className="rich-text">{message}</p>
          <p className="hint">{t('answer.notFoundHint')}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="answer-body" data-testid="answer">
      <Blocks subjectId={subjectId} blocks={answer.exercise ? extraBlocks(answer.blocks, answer.exercise) : answer.blocks} />
      {answer.exercise && <Exercise subjectId={subjectId} solution={answer.exercise} />}
    </div>
  );
}
