// French and English stop words: the words that carry grammar rather than course content, dropped
// from index terms and queries. Lists are written with accents for readability and folded when the
// module loads; `isStopWord` takes a folded, lower-case word (what `terms` produces).
import type { CourseLanguage } from '../../core/artefacts.js';
import { foldText } from '../../core/fold.js';

const FRENCH = `
a à â afin ai aie aient aies ait alors as au aucun aucune auquel aura aurai auraient aurais aurait
auras aurez auriez aurions aurons auront aussi autant autre autres aux auxquels auxquelles avaient
avais avait avant avec avez aviez avions avoir avons ayant ayez ayons
beaucoup bien
c ça car ce ceci cela celà celle celles celui cependant certain certaine certaines certains ces
cet cette ceux chacun chacune chaque chez ci comme comment
d dans de depuis des desquels desquelles dès déjà doit doivent donc dont du duquel durant
elle elles en encore entre es est et étaient étais était étant été étée étées étés êtes étiez
étions être eu eue eues eûmes eurent eus eusse eussent eusses eussiez eussions eut eût eûtes eux
fait faite faites fais faisait font fûmes furent fus fusse fussent fusses fussiez fussions fut fût fûtes
ici il ils
j je jusqu jusque
l la là laquelle le lequel les lesquels lesquelles leur leurs lors lorsqu lorsque lui
m ma mais me même mêmes mes moi mon
n ne ni non nos notre nôtre nous
on ont or ou où oui
par parce parmi pas pendant peu peut peuvent plusieurs pour pourquoi pourtant puis puisqu puisque
qu quand que quel quelle quelles quels quelqu quelque quelques qui quoi quoique
s sa sans se selon sera serai seraient serais serait seras serez seriez serions serons seront ses
si sinon soi soient sois soit sommes son sont sous soyez soyons suis sur
t ta tandis te tel telle telles tels tes toi ton tous tout toute toutes très trop tu
un une unes uns
vers via voici voilà vos votre vôtre vous
y
etc cf ex
`;

const ENGLISH = `
a about above according across after afterwards again against all almost along already also
although always am among amongst an and another any anyhow anyone anything anyway anywhere are
aren around as at
be became because become becomes been before beforehand being below beside besides between both
but by
can cannot could couldn
d did didn do does doesn doing don done down due during
each eg either else elsewhere enough especially etc even ever every everyone everything
everywhere
few for from further furthermore
had hadn has hasn have haven having he hence her here hers herself him himself his how however
i ie if in indeed into is isn it its itself
just
ll least less let lets
m many may me meanwhile might more moreover most mostly much must mustn my myself
namely neither never nevertheless no nobody none nor not nothing now nowhere
of off often on once one only onto or other others otherwise our ours ourselves out over own
per perhaps
quite
rather re really
s same shall shan she should shouldn since so some somehow someone something sometimes somewhere
still such
t than that the their theirs them themselves then thence there thereafter thereby therefore
therein these they this those though through throughout thus to together too toward towards
under unless until up upon us
ve very via
was wasn we well were weren what whatever when whence whenever where whereas whereby wherein
whether which while who whoever whole whom whose why will with within without won would wouldn
yet you your yours yourself yourselves
`;

function wordSet(list: string): Set<string> {
  return new Set(list.split(/\s+/).filter(Boolean).map(foldText));
}

const STOP_WORDS: Record<CourseLanguage, Set<string>> = { fr: wordSet(FRENCH), en: wordSet(ENGLISH) };

/** True when `word` (folded, lower-case) is a grammar word of `lang`. */
export function isStopWord(word: string, lang: CourseLanguage): boolean {
  return STOP_WORDS[lang].has(word);
}

/** The stop words of a language (folded), for callers that filter many words at once. */
export function stopWords(lang: CourseLanguage): ReadonlySet<string> {
  return STOP_WORDS[lang];
}
