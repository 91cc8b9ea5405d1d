/* Loop ids of every CoPIM-marked loop of the kernels, unique across
 * kernels so statistics from different runs line up.  Each kernel
 * registers "<id>:<name>" through LOOP_NAME at start (rt_loop_name). */
#ifndef LOOPS_H
#define LOOPS_H

#define LOOP_BFS_INIT 1      /* "bfs.init": parent = depth = INF */
#define LOOP_BFS_FRONTIER 2  /* "bfs.frontier": expand one frontier vertex, claim with amominu */
#define LOOP_SSSP_INIT 3     /* "sssp.init": dist = INF (CoPIM Fig. 1, first loop) */
#define LOOP_SSSP_RELAX 4    /* "sssp.relax": relax a vertex's out-edges with amominu (Fig. 1, second loop) */
#define LOOP_PR_INIT 5       /* "pr.init": rank = 1/n */
#define LOOP_PR_CONTRIB 6    /* "pr.contrib": contrib = rank / out-degree */
#define LOOP_PR_PULL 7       /* "pr.pull": rank = base + d * sum of in-neighbour contribs; error by amoadd */
#define LOOP_CC_INIT 8       /* "cc.init": label = id */
#define LOOP_CC_PROP 9       /* "cc.prop": push the label to neighbours with amominu */
#define LOOP_DC_INIT 10      /* "dc.init": in-degree = 0, out-degree from the offsets */
#define LOOP_DC_COUNT 11     /* "dc.count": amoadd 1 to the in-degree of every out-neighbour */
#define LOOP_KCORE_INIT 12   /* "kcore.init": degree = out + in, core = INF */
#define LOOP_KCORE_PEEL 13   /* "kcore.peel": core = k for degree <= k, amoadd -1 to the live neighbours' degrees */
#define LOOP_PRP_INIT 14     /* "prp.init": rank = 1/n, next = 0 */
#define LOOP_PRP_PUSH 15     /* "prp.push": amoadd rank / out-degree to every out-neighbour's next rank */
#define LOOP_PRP_APPLY 16    /* "prp.apply": rank = base + d * next, next = 0; error by amoadd */

#define LOOP_NAME_STR(id, name) #id ":" name

#endif
