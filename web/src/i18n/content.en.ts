// English texts of the public content pages. Every key of content.fr.ts must be here (a missing
// key is a type error); same small format: blank line = paragraph, '- ' = list item,
// [label](href) = link, **words** = bold.
import type { contentFr } from './content.fr';

export const contentEn: Record<keyof typeof contentFr, string> = {
  'head.siteName': 'Révise',
  'head.imageAlt': 'Révise, the study assistant that starts from your own courses',
  'head.landing.title': 'Révise — study from your own courses, with AI',
  'head.landing.description':
    'Upload your courses as PDFs or photos: Révise turns them into answers that cite your pages, revision sheets, quizzes, flashcards and podcasts suited to your level. Free to start.',
  'head.promo.title': 'Back-to-school offer — Révise',
  'head.promo.description':
    'Révise’s back-to-school offer: one month of Premium free, no card needed. Dates, conditions and frequently asked questions.',
  'head.faq.title': 'Frequently asked questions — Révise',
  'head.faq.description':
    'Everything about Révise: privacy of your courses, GDPR, free plan and Premium, referrals, accepted files, languages and account deletion.',
  'head.how.title': 'How it works — Révise',
  'head.how.description':
    'From your course to your revision: create a subject, upload PDFs or photos, then generate answers, sheets, quizzes, flashcards and podcasts that cite your pages.',
  'head.privacy.title': 'Privacy policy — Révise',
  'head.privacy.description':
    'Which data Révise processes, why, with which processors, for how long, and how to exercise your GDPR rights.',
  'head.cookies.title': 'Cookies and local storage — Révise',
  'head.cookies.description':
    'Révise uses no advertising and no trackers: only the local storage it needs (language, session, cookie notice).',
  'head.contact.title': 'Contact — Révise',
  'head.contact.description': 'A question about your account, your subscription or your data? Write to the Révise team.',

  'content.lastUpdated': 'Last updated: {date}',
  'content.onThisPage': 'On this page',
  'content.premiumBadge': 'Premium',
  'content.ctaNote': 'Free, no card needed.',
  'content.toSubjects': 'Go to my subjects',

  // Photo mode: reading the text of the photos in the browser (the other photo.* keys are in en.ts)
  'photo.readingText': 'Reading text: photo {current} of {total}…',

  'landing.hero.tagline': 'Study smarter, from your own courses.',
  'landing.hero.messagesLabel': 'With Révise, you can:',
  'landing.hero.message1': 'ask a question and get an answer that cites your page.',
  'landing.hero.message2': 'turn a chapter into a revision sheet.',
  'landing.hero.message3': 'practise with quizzes at your level.',
  'landing.hero.message4': 'remember the essentials with flashcards.',
  'landing.hero.message5': 'listen to your course as a podcast.',
  'landing.hero.message6': 'plan your revision right up to exam day.',
  'landing.hero.description':
    'Upload your courses as PDFs or photos. Révise extracts the text and helps you revise with sourced answers, sheets, quizzes, flashcards and podcasts, suited to your level, from middle school to PhD.',
  'landing.hero.counterLabel': 'students have already tried Révise',
  'landing.hero.cta': 'Create my free account',
  'landing.hero.secondary': 'See how it works',
  'landing.preview.label': 'Example: an answer from Révise citing the course page it used',
  'landing.preview.subject': 'Physics',
  'landing.preview.question': 'What is kinetic energy?',
  'landing.preview.answer':
    'It is the energy a body has because of its motion: KE = ½ m v², in joules, with m in kg and v in m/s.',
  'landing.preview.source': 'Chapter 4 - Energy.pdf · p. 12',
  'landing.preview.tools': 'Next:',
  'landing.preview.sheet': 'Sheet',
  'landing.preview.quiz': 'Quiz',
  'landing.preview.cards': 'Flashcards',
  'landing.preview.podcast': 'Podcast',

  'landing.features.title': 'Everything you need to revise, from your courses',
  'landing.features.intro':
    'Révise doesn’t replace your courses: it works with them. Every tool starts from the files you uploaded and tells you where the information comes from.',
  'landing.features.adaptive.title': 'AI that adapts to you',
  'landing.features.adaptive.text':
    'Middle school, high school, preparatory class or university: explanations follow the education level in your profile, in English or French.',
  'landing.features.sheets.title': 'Smart revision sheets',
  'landing.features.sheets.text':
    'A clear sheet for a whole chapter: the essentials, definitions and formulas, with the pages they come from.',
  'landing.features.assistant.title': 'A personal assistant',
  'landing.features.assistant.text':
    'Ask questions about your course: concise, detailed, step-by-step or exercise solution. Every answer cites the file and the page.',
  'landing.features.quizzes.title': 'Adaptive quizzes',
  'landing.features.quizzes.text':
    'Multiple-choice and open questions, easy or hard. Your open answers are marked: strengths, points to review, model answer.',
  'landing.features.flashcards.title': 'Flashcards',
  'landing.features.flashcards.text': 'Question-and-answer cards drawn from your course to lock in the key ideas.',
  'landing.features.planner.title': 'Smart planner',
  'landing.features.planner.text': 'A revision schedule and a task list so you arrive ready on exam day.',
  'landing.features.tracking.title': 'Detailed tracking',
  'landing.features.tracking.text': 'Goals, quiz scores, study time and login streak: you always know where you stand.',
  'landing.features.podcasts.title': 'Course podcasts',
  'landing.features.podcasts.text': 'Your course told as a podcast, short or long, to listen to on the bus or on a walk.',
  'landing.features.exam.title': 'Exam mode',
  'landing.features.exam.text': 'Exam papers and practical cases in exam conditions, to test yourself before the big day.',

  'landing.trust.private': 'Your courses stay private and are never used to train AI models.',
  'landing.trust.gdpr': 'GDPR compliant: delete everything in one click from your profile.',
  'landing.trust.languages': 'In English and French, from middle school to PhD.',
  'landing.plans.title': 'Start free, go Premium whenever you like',
  'landing.plans.intro': 'The free plan’s counters reset on the 1st of every month.',
  'landing.closing.title': 'Your next exam starts here.',
  'landing.closing.text': 'Create your account in a minute, upload your first course and ask your first question.',
  'landing.closing.cta': 'Create my free account',

  'plans.label': 'Plan comparison',
  'plans.free.name': 'Free',
  'plans.free.tagline': 'To discover Révise and revise regularly.',
  'plans.free.note': 'No card needed.',
  'plans.premium.name': 'Premium',
  'plans.premium.tagline': 'To revise without limits until your exams.',
  'plans.premium.note': 'Billed monthly by card, cancel anytime.',
  'plans.perMonth': '/month',
  'plans.recommended': 'Recommended',
  'plans.included': 'Included:',
  'plans.notIncluded': 'Not included:',
  'plans.free.cta': 'Start for free',
  'plans.premium.cta': 'Choose Premium',
  'plans.free.questions': '{questions} questions a month',
  'plans.free.sheets': '{sheets} revision sheets a month',
  'plans.free.quizzes': '{quizzes} quizzes a month',
  'plans.free.flashcards': '{flashcards} flashcard sets a month',
  'plans.free.podcasts': '{podcasts} podcasts a month, to listen to without saving',
  'plans.free.subjects': '{subjects} subjects, {files} files per subject',
  'plans.free.scans': '{ocrPages} scanned pages read a month (pages with text do not count)',
  'plans.free.model': 'A lighter AI model for your answers, sheets, quizzes and podcasts',
  'plans.free.planner': 'Revision schedule and tasks',
  'plans.free.referral': 'Referral programme',
  'plans.free.noStats': 'Detailed statistics',
  'plans.free.noSave': 'Saving sheets and podcasts',
  'plans.free.noExam': 'Exam mode and practical cases',
  'plans.premium.unlimited': 'Unlimited generation: questions, sheets, quizzes, flashcards (fair use, see the FAQ)',
  'plans.premium.model': 'Our most capable AI model for your answers, sheets, quizzes and podcasts',
  'plans.premium.subjects': 'Unlimited subjects and files',
  'plans.premium.podcasts': 'Course podcasts',
  'plans.premium.stats': 'Detailed statistics',
  'plans.premium.save': 'Unlimited saving of podcasts and sheets',
  'plans.premium.planner': 'Advanced study plan with reminders',
  'plans.premium.exam': 'Exam mode and practical cases',
  'plans.premium.support': 'Priority support',
  'plans.premium.referral': 'Referral programme',

  'promo.eyebrow': 'Back-to-school offer 2025',
  'promo.open.tagline': 'One month of Premium free, no card needed.',
  'promo.ended.tagline': 'The back-to-school offer has ended.',
  'promo.messagesLabel': 'With Révise:',
  'promo.message1': 'answers that cite your course pages.',
  'promo.message2': 'revision sheets in one click.',
  'promo.message3': 'quizzes and flashcards at your level.',
  'promo.message4': 'your course as a podcast.',
  'promo.open.status': 'Offer valid until {date} (Paris time).',
  'promo.open.text':
    'Create your free account and enjoy a full month of Premium: unlimited generation, podcasts, detailed statistics, exam mode. No card is asked for and nothing is charged at the end of the month.',
  'promo.ended.status': 'This offer ended on {date} (Paris time) and can no longer be activated.',
  'promo.ended.text':
    'Thank you to everyone who took part! You can still create a free account, with no card, and upgrade to Premium for {premiumPrice} a month whenever you like.',
  'promo.ended.seePlans': 'See the plans',
  'promo.cta': 'Create my free account',
  'promo.code.title': 'Have a promo code?',
  'promo.code.visitorHint':
    'Enter it here: it is applied as soon as you have created your account or logged in.',
  'promo.code.visitorSubmit': 'Activate my code',
  'promo.referralHint':
    'Another way to get Premium without paying: refer {referralGoal} friends who create their account and complete their profile, and earn {referralMonths} free months.',
  'promo.features.title': 'What Premium unlocks',
  'promo.features.unlimited.title': 'Unlimited generation',
  'promo.features.unlimited.text': 'Questions, sheets, quizzes and flashcards with no monthly counter, for all your subjects.',
  'promo.features.files.title': 'Unlimited subjects and files',
  'promo.features.files.text': 'All your courses in one place, with no limit on subjects or files per subject.',
  'promo.features.podcasts.title': 'Saved podcasts',
  'promo.features.podcasts.text': 'Generate your course podcasts and keep them to listen again whenever you want.',
  'promo.features.stats.title': 'Detailed statistics',
  'promo.features.stats.text': 'Your study time and scores over 7 days, 30 days or since you started.',
  'promo.features.planner.title': 'Advanced study plan',
  'promo.features.planner.text': 'A revision schedule with reminders so nothing slips through.',
  'promo.features.exam.title': 'Exam mode',
  'promo.features.exam.text': 'Exam papers and practical cases in real conditions.',
  'promo.conditions.title': 'Offer conditions',
  'promo.conditions.body':
    '- One month of Premium free, no card needed.\n- One activation per user.\n- Offer valid until {date} (Paris time); it can no longer be activated after that date.\n- At the end of the free month, your account automatically returns to the free plan: nothing is charged, and your subjects and files are kept.\n- The free plan keeps its monthly limits ({questions} questions, {sheets} sheets, {quizzes} quizzes, {flashcards} flashcard sets, {podcasts} podcasts; {subjects} subjects, {files} files per subject).',
  'promo.faq.title': 'Questions about the offer',
  'promo.faq.stillValid.q': 'Is the offer still valid?',
  'promo.faq.stillValid.a':
    'The back-to-school offer was valid until {date} (Paris time). After that date it can no longer be activated, but the free plan remains open to everyone.',
  'promo.faq.card.q': 'Do I need a card?',
  'promo.faq.card.a':
    'No. The free month needs no payment method, and neither does creating a free account. A card is only asked for if you choose to subscribe to Premium yourself.',
  'promo.faq.after.q': 'What happens at the end of the free month?',
  'promo.faq.after.a':
    'Your Premium access stops on its own and your account returns to the free plan. Nothing is charged. Your subjects, files and everything you generated stay in your account.',
  'promo.faq.twice.q': 'Can I activate the offer more than once?',
  'promo.faq.twice.a':
    'No, the offer can be activated once per user. To extend Premium for free, referrals are still open: {referralGoal} referred friends who complete their profile give you {referralMonths} free months.',

  'faq.title': 'Frequently asked questions',
  'faq.intro': 'Answers to the questions students ask us most often.',
  'faq.searchLabel': 'Search the FAQ',
  'faq.searchPlaceholder': 'E.g. GDPR, limit, referral…',
  'faq.searchClear': 'Clear search',
  'faq.resultsOne': '1 answer for “{query}”',
  'faq.results': '{count} answers for “{query}”',
  'faq.noResults': 'No answer matches “{query}”.',
  'faq.noResultsHelp': 'Try another word, or [write to us](/contact): we will answer your question.',
  'faq.categories': 'Categories',
  'faq.moreHelp.title': 'Didn’t find your answer?',
  'faq.moreHelp.text': 'Write to us and a human will reply.',
  'faq.moreHelp.cta': 'Contact us',

  'faq.cat.general': 'Révise in short',
  'faq.general.what.q': 'What is Révise?',
  'faq.general.what.a':
    'Révise is a study assistant that works from your own courses. You upload your PDF files or photos of your pages, organised by subject, and Révise helps you revise:\n- answers to your questions about the course, in several modes (course question, concise, detailed, exercise solution, step by step);\n- revision sheets, quizzes, flashcards and podcasts;\n- a study schedule, tasks, goals, statistics and an AI coach.\n\nEvery answer cites the file and page it comes from, so you can check.',
  'faq.general.levels.q': 'Which education levels is Révise for?',
  'faq.general.levels.a':
    'From middle school to PhD, including high school, preparatory classes, bachelor’s and master’s degrees. The level in your profile lets the AI adapt its explanations; you can change it at any time in your [profile](/profile).',
  'faq.general.languages.q': 'Which languages can I use Révise in?',
  'faq.general.languages.a':
    'The interface is available in French and English. Switch language at any time with the language selector or in your profile; your choice is kept on your device. Your courses can be in French or English: Révise detects their language automatically.',
  'faq.general.reliable.q': 'Are the answers reliable?',
  'faq.general.reliable.a':
    'Révise relies on the text of your files and always shows the file and page it used. An AI can still make mistakes, especially on a poorly scanned document: if in doubt, open the cited page. Révise is there to help you revise, not to replace your course or your teachers.',

  'faq.cat.files': 'Your courses and files',
  'faq.files.formats.q': 'Which files can I upload?',
  'faq.files.formats.a':
    'PDF files, up to {maxFileSize} MB each. For a paper course, use photo mode: take pictures of your pages and Révise assembles them into an A4 PDF, with the recognised text.\n\nThe free plan allows {subjects} subjects and {files} files per subject; Premium has no limit.',
  'faq.files.processing.q': 'How are my files processed?',
  'faq.files.processing.a':
    'Your file is stored in your private space, then Révise reads its text page by page. Pages with almost no text (a scan, a photo) go through text recognition (OCR). The course language is detected automatically.\n\nEach file’s status is shown in your subject; if a file could not be read, a message tells you. The extracted text is only used to answer your requests.',
  'faq.files.quality.q': 'How do I get better results with photos?',
  'faq.files.quality.a':
    'Photograph one page at a time, flat, in daylight and without glare. Sharp text is recognised better; hard-to-read handwriting may be misread.',
  'faq.files.delete.q': 'Can I delete a file or a subject?',
  'faq.files.delete.a':
    'Yes. From a subject’s “My files” page, delete a file (after confirming): it is erased from storage, then from your list. Deleting a subject also deletes its files.',

  'faq.cat.privacy': 'Privacy and data',
  'faq.privacy.courses.q': 'Do my courses stay private?',
  'faq.privacy.courses.a':
    'Yes. Your files and everything generated from them are only visible from your account. They are never shared, sold or used to train AI models: generation goes through Amazon Bedrock, which does not use the content submitted to it to train its models.',
  'faq.privacy.gdpr.q': 'Is Révise GDPR compliant?',
  'faq.privacy.gdpr.a':
    'Yes. Révise only collects what the service needs (your account, your profile, your courses, your usage counters), with no advertising and no trackers. You can view and correct your information in your profile, and delete everything in one click. For any other right (access, portability, objection), write to [contact@revise.app](mailto:contact@revise.app). The details are in our [privacy policy](/privacy).',
  'faq.privacy.data.q': 'Which data is kept, and where?',
  'faq.privacy.data.a':
    'Your e-mail and password (handled by Amazon Cognito, never stored in plain text), your profile, your files and their extracted text, what you generated and saved, and the number of generations this month. Everything is hosted on Amazon Web Services. Premium payments are handled by Stripe: Révise never sees your card number.',

  'faq.cat.plans': 'Plans and payment',
  'faq.plans.free.q': 'What does the free plan include?',
  'faq.plans.free.a':
    'Every month, for free:\n- {questions} questions;\n- {sheets} revision sheets;\n- {quizzes} quizzes;\n- {flashcards} flashcard sets;\n- {podcasts} podcasts (to listen to, without saving);\n- {ocrPages} scanned pages read (pages that already hold text do not count).\n\nUp to {subjects} subjects and {files} files per subject. Counters reset on the 1st of every month. Detailed statistics, saving sheets and podcasts, and exam mode are Premium features.',
  'faq.plans.premium.q': 'How much is Premium and what does it include?',
  'faq.plans.premium.a':
    'Premium costs {premiumPrice} a month, paid by card, cancel anytime. It includes unlimited generation (within a fair-use limit, see below), unlimited subjects and files, podcasts, detailed statistics, unlimited saving of podcasts and sheets, the advanced study plan with reminders, exam mode and practical cases, and priority support.',
  'faq.plans.limit.q': 'What happens when I reach a limit?',
  'faq.plans.limit.a':
    'Révise tells you when you start the action. You can wait for the 1st of next month, when counters reset, or upgrade to Premium. Nothing is deleted: your subjects, files and content stay where they are.',
  'faq.plans.fairUse.q': 'Does Premium have a fair-use limit?',
  'faq.plans.fairUse.a':
    'Yes, so that the service stays sustainable, every month:\n- {fairQuestions} questions (coach messages included);\n- {fairSheets} revision sheets;\n- {fairQuizzes} quiz questions;\n- {fairFlashcards} flashcard sets;\n- {fairPodcasts} podcasts;\n- {fairOcrPages} scanned pages read.\n\nThat is several times what a very active student uses: only automated or shared use reaches it. If you reach it, Révise tells you when you start the action, and the counter resets on the 1st of the month.',
  'faq.plans.model.q': 'Do the free plan and Premium use the same AI model?',
  'faq.plans.model.a':
    'No. Premium uses our most capable AI model; the free plan a lighter one, which lets us keep it free. Both rely on your courses only and cite the pages their answers come from, but the lighter model can be less precise or less nuanced on difficult topics. As soon as you upgrade to Premium, your next requests are handled by the most capable model.',
  'faq.plans.cancel.q': 'Can I cancel Premium?',
  'faq.plans.cancel.a':
    'Yes, at any time from your profile. Premium stays active until the end of the period already paid, then your account returns to the free plan without losing your data.',

  'faq.cat.referral': 'Referrals and promo codes',
  'faq.referral.how.q': 'How do referrals work?',
  'faq.referral.how.a':
    'Your referral code and link are in your profile. When {referralGoal} people have created their account with your code and completed their profile, you earn {referralMonths} free months of Premium. The people you refer don’t need to subscribe to Premium.',
  'faq.referral.promo.q': 'What does a promo code give me?',
  'faq.referral.promo.a':
    'A valid promo code gives you one month of Premium, no card needed. If you already have a Premium trial running, the month is added to its end date. The same code can only be used once per account.',
  'faq.referral.offer.q': 'Is the back-to-school offer still available?',
  'faq.referral.offer.a':
    'No: the back-to-school offer (one month of Premium free, no card) ended on {offerEnd} (Paris time). Details are on the [back-to-school offer](/offre-de-rentree) page.',

  'faq.cat.account': 'Your account',
  'faq.account.create.q': 'How do I create an account?',
  'faq.account.create.a':
    'With your e-mail and a password of at least 6 characters, or with Google. We send you a 6-digit code, valid for 24 hours, to verify your address. Then you give your language, education level and field of study: that is what lets explanations adapt to you.',
  'faq.account.password.q': 'I forgot my password.',
  'faq.account.password.a':
    'In the sign-in window, choose “Forgot your password?” and enter your e-mail. You receive a link to choose a new password (at least 8 characters).',
  'faq.account.delete.q': 'How do I delete my account?',
  'faq.account.delete.a':
    'From your [profile](/profile), in the “Danger zone” section. Deletion is immediate and permanent: your account, profile, subjects, files, everything generated and your usage counters are erased. If you have a paid Premium subscription, cancel it first from your profile.',

  'how.title': 'How Révise works',
  'how.intro':
    'From your course to your revision in six steps. Révise works only from the files you upload, and always shows you where the information comes from.',
  'how.step': 'Step {n}',
  'how.subject.title': 'Create a subject',
  'how.subject.text':
    'A subject groups the courses of one topic, for example “Physics” or “Constitutional law”. The free plan allows {subjects}; Premium has no limit.',
  'how.upload.title': 'Upload your courses',
  'how.upload.text':
    'Add your PDF files (up to {maxFileSize} MB each) and give them any name you like. For a paper course, photo mode assembles your photos into an A4 PDF.',
  'how.extract.title': 'The text is extracted',
  'how.extract.text':
    'Révise reads your file page by page. Scanned or photographed pages go through text recognition (OCR) and the course language is detected. The file’s status is shown; if it could not be read, a message tells you.',
  'how.generate.title': 'Generate your revision tools',
  'how.generate.text':
    'Ask a question (course question, concise, detailed, exercise solution or step by step), create a sheet, start a quiz, flashcards or a podcast. Every answer cites the file and page it used.',
  'how.plan.title': 'Plan',
  'how.plan.text':
    'Build a revision schedule and a task list up to your exam, and set goals: weekly study hours, target grade out of 20, target quiz score.',
  'how.track.title': 'Track your progress',
  'how.track.text':
    'Your login streak, scores and study time; detailed statistics over 7 days, 30 days or your whole history with Premium, and an AI coach to know what to review next.',
  'how.example.title': 'An answer, with its source',
  'how.example.text':
    'Everything generated shows the file and page it relies on. You know exactly which passage of your course to re-read.',
  'how.honest.title': 'Good to know',
  'how.honest.body':
    '- Révise only knows what you give it: if a topic is not in your files, don’t expect a sourced answer.\n- An AI can make mistakes, especially on a blurry scan or hard-to-read handwriting. Check the cited pages when in doubt.\n- A sharp photo, taken flat and well lit, gives better text.\n- Your files are only visible to you and are never used to train AI models.',
  'how.cta.title': 'Ready to try?',
  'how.cta.text': 'Create your free account and upload your first course.',

  'privacy.title': 'Privacy policy',
  'privacy.intro':
    'Révise is a service for students: your courses are personal and we treat them that way. This page explains, plainly, what we do with your data.',
  'privacy.updated': '21 November 2026',
  'privacy.controller.title': 'Who is responsible for your data',
  'privacy.controller.body':
    'The data controller is the publisher of the Révise service. For any question about your data or to exercise your rights, write to [contact@revise.app](mailto:contact@revise.app) with “Personal data” in the subject line.',
  'privacy.data.title': 'The data we process',
  'privacy.data.body':
    '- **Account**: your e-mail address and password. The password is handled by Amazon Cognito and never stored in plain text. If you use “Continue with Google”, we receive your e-mail and a Google identifier.\n- **Profile**: language, education level, field of study, school (optional), referral code, login streak and referrals.\n- **Your courses**: the files you upload, the text extracted from them and what you generate or save (answers, conversations, sheets, quizzes, flashcards, podcasts, schedule, tasks, goals).\n- **Subscription**: status, period and trial dates, card brand and last 4 digits. Your full card number is entered at Stripe and never reaches us.\n- **Usage counters**: the number of generations of each tool in the current month, used to apply the free plan’s limits.\n- **Technical logs**: date, request, errors, without the content of your courses, to run and secure the service.',
  'privacy.purposes.title': 'Why we process it',
  'privacy.purposes.body':
    '- To provide the service you ask for: your account, subjects, generated content, subscription (performance of the contract).\n- To secure the service and prevent abuse (legitimate interest).\n- To keep our accounts when you pay for Premium (legal obligation).\n\nWe do no advertising, no data resale and no commercial profiling.',
  'privacy.training.title': 'Your courses are not used to train models',
  'privacy.training.body':
    'To generate answers, sheets, quizzes, flashcards and podcasts, the necessary text is sent to Amazon Bedrock, the AI service of Amazon Web Services, only to produce the result you asked for. Amazon Bedrock does not use this content to train its models and does not share it with model providers. Révise never uses your courses to train a model either.',
  'privacy.processors.title': 'Our processors',
  'privacy.processors.body':
    '- **Amazon Web Services**: hosting and database, storage of your files, authentication (Amazon Cognito), content generation (Amazon Bedrock), text recognition (Amazon Textract), podcast voices (Amazon Polly) and account e-mails.\n- **Stripe**: payment of the Premium subscription.\n- **Google**: only if you choose to sign in with Google.\n\nEach only accesses the data its task needs. Where data is processed outside the European Union, the transfer is covered by the European Commission’s standard contractual clauses.',
  'privacy.retention.title': 'How long we keep it',
  'privacy.retention.body':
    'Your data is kept as long as your account exists. When you delete your account from your [profile](/profile), everything is erased immediately: account, profile, subjects, files, generated content and counters. A file or subject you delete is erased the same way.\n\nThe only exceptions: accounting records linked to a payment, which the law requires us to keep for 10 years, and technical logs, kept for a limited time.',
  'privacy.rights.title': 'Your rights',
  'privacy.rights.body':
    'Under the GDPR, you have the right to access, rectify, erase and port your data, to restrict its processing and to object.\n\n- Correct your information: directly in your [profile](/profile).\n- Erase everything: “Delete my account” in your profile.\n- Any other right: write to [contact@revise.app](mailto:contact@revise.app). We reply within one month at most.\n\nIf you believe your rights are not respected, you can lodge a complaint with the CNIL, the French data protection authority ([www.cnil.fr](https://www.cnil.fr)).',
  'privacy.security.title': 'Security',
  'privacy.security.body':
    'All exchanges use an encrypted connection (HTTPS). Your files are stored in a private space, only reachable from your account, and every request checks that the data asked for belongs to you.',
  'privacy.minors.title': 'If you are under 15',
  'privacy.minors.body':
    'Ask a parent or guardian for permission before creating your account. They can write to us at any time to exercise your rights.',
  'privacy.changes.title': 'Changes',
  'privacy.changes.body':
    'If this policy changes significantly, we will let you know in the app or by e-mail before the new version applies.',

  'cookiesPage.title': 'Cookies and local storage',
  'cookiesPage.intro':
    'Révise uses no advertising or analytics cookies and no third-party trackers. The site only keeps, in your browser’s local storage, what it needs to work.',
  'cookiesPage.updated': '21 November 2026',
  'cookiesPage.table.title': 'What the site stores on your device',
  'cookiesPage.table.caption': 'Items stored in the browser’s local storage',
  'cookiesPage.col.name': 'Name',
  'cookiesPage.col.purpose': 'What it is for',
  'cookiesPage.col.duration': 'Duration',
  'cookiesPage.language.purpose': 'The interface language you chose (fr or en).',
  'cookiesPage.language.duration': 'Until you change language or clear the site’s data.',
  'cookiesPage.consent.purpose': 'Remembers that you have read the cookie notice, so it is not shown on every visit.',
  'cookiesPage.consent.duration': 'Until you clear the site’s data.',
  'cookiesPage.session.purpose': 'The tokens of your sign-in session (Amazon Cognito), so you stay signed in from page to page.',
  'cookiesPage.session.duration': 'Until you sign out; the session expires at the latest after 30 days without renewal.',
  'cookiesPage.pending.purpose':
    'A sign-up waiting for its verification code: your e-mail and, if you entered one, the referral code. Never your password.',
  'cookiesPage.pending.duration': 'Removed as soon as your account is confirmed, and after 24 hours at the latest.',
  'cookiesPage.message.purpose': 'The “Your session has expired” message, shown once after an automatic sign-out.',
  'cookiesPage.message.duration': 'Removed as soon as it has been shown.',
  'cookiesPage.tab.purpose':
    'For the open tab only: the page to show after you sign in, and the fact that you hid the e-mail verification reminder.',
  'cookiesPage.tab.duration': 'Until the tab is closed (session storage).',
  'cookiesPage.exempt.title': 'Why we don’t ask for your consent',
  'cookiesPage.exempt.body':
    'These items are strictly necessary for the service you ask for: under the CNIL’s rules they are exempt from consent. The notice shown on your first visit is there to inform you.',
  'cookiesPage.payment.title': 'When you pay',
  'cookiesPage.payment.body':
    'If you subscribe to Premium, payment happens on Stripe’s secure page. Stripe sets its own cookies there, needed for payment and fraud prevention, under its own policy.',
  'cookiesPage.control.title': 'Staying in control',
  'cookiesPage.control.body':
    '- Signing out removes the session tokens from this device.\n- You can clear all the site’s data from your browser settings; you will then need to sign in again and choose your language again.\n- Any question: [contact@revise.app](mailto:contact@revise.app).',

  'contact.title': 'Contact us',
  'contact.intro': 'A question, a problem, an idea? Write to us: a human reads every message.',
  'contact.email.title': 'By e-mail',
  'contact.email.address': 'contact@revise.app',
  'contact.email.text': 'We reply as soon as we can. Premium subscribers get priority support.',
  'contact.email.cta': 'Write an e-mail',
  'contact.tips.title': 'Help us help you quickly',
  'contact.tips.body':
    '- Write from your Révise account’s address, or mention it.\n- Say which subject or file is involved and what you were doing.\n- Attach a screenshot if an error message appears.\n- Never send us your password: we will never ask for it.',
  'contact.topics.title': 'Depending on your request',
  'contact.topics.account.title': 'Account and subscription',
  'contact.topics.account.text':
    'Sign-in, verification e-mail, billing, cancellation. For a forgotten password, use “Forgot your password?” in the sign-in window.',
  'contact.topics.data.title': 'Personal data',
  'contact.topics.data.text':
    'Access, portability, objection: put “Personal data” in the subject line. To erase everything, delete your account from your profile: it is immediate.',
  'contact.topics.bug.title': 'A problem or an idea',
  'contact.topics.bug.text':
    'A badly read file, an odd answer, a feature you miss: tell us, that is how Révise gets better.',
  'contact.topics.schools.title': 'Schools and teachers',
  'contact.topics.schools.text': 'Want to introduce Révise to your class or school? Let’s talk.',
  'contact.faqHint': 'Many answers are already in the [FAQ](/faq).',
};
