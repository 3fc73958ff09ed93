file:///work/wt/homefeed/backend/scripts/bench/explain-feeds.mjs:141
    { name: 'pageccja (Book list)', app: () => books.byLanguage('ja', page, user), auth: true, path: null },
                                                     ^

TypeError: books.byLanguage is not a function
    at Object.app (file:///work/wt/homefeed/backend/scripts/bench/explain-feeds.mjs:141:54)
    at recordFeedStatements (file:///work/wt/homefeed/backend/scripts/bench/explain-feeds.mjs:153:13)
    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)
    at async file:///work/wt/homefeed/backend/notes/dump-home.mjs:3:13

Node.js v20.20.2
