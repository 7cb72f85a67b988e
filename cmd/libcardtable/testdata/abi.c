/* The C library's interface from C: codes and sentences for every
 * mistake, a whole game, records, and threads playing at once. Built and
 * run by lib_test.go; prints "ok" and exits 0, or names the failed check. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libcardtable.h"

static int failures = 0;

#define CHECK(cond, ...)                                   \
	do {                                                   \
		if (!(cond)) {                                     \
			fprintf(stderr, "%s:%d: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);                  \
			fprintf(stderr, "\n");                         \
			failures++;                                    \
		}                                                  \
	} while (0)

static char err[1024];

static void refusals(void) {
	uint64_t h = 0;
	int rc = ct_new("war", "players=9", NULL, NULL, 1, &h, err, sizeof err);
	CHECK(rc == CT_BAD_OPTION && strstr(err, "players"), "bad option: %d %s", rc, err);
	rc = ct_new("chess", NULL, NULL, NULL, 1, &h, err, sizeof err);
	CHECK(rc == CT_BAD_ARGUMENT && strstr(err, "chess"), "unknown game: %d %s", rc, err);
	rc = ct_new("war", NULL, ",grandmaster", NULL, 1, &h, err, sizeof err);
	CHECK(rc == CT_BAD_BOT, "bad bot: %d %s", rc, err);
	rc = ct_new("war", NULL, NULL, NULL, 1, NULL, err, sizeof err);
	CHECK(rc == CT_BAD_ARGUMENT && strstr(err, "NULL"), "NULL handle: %d %s", rc, err);
	rc = ct_new(NULL, NULL, NULL, NULL, 1, &h, NULL, 0);
	CHECK(rc == CT_BAD_ARGUMENT, "no game and no error buffer: %d", rc);
	rc = ct_reset(424242, 1, err, sizeof err);
	CHECK(rc == CT_BAD_HANDLE, "bad handle: %d %s", rc, err);
	char tiny[8];
	rc = ct_new("war", "players=9", NULL, NULL, 1, &h, tiny, sizeof tiny);
	CHECK(rc == CT_BAD_OPTION && strlen(tiny) == sizeof tiny - 1, "a short error buffer gets a cut sentence: %d '%s'", rc, tiny);
}

static void game(void) {
	uint64_t h = 0;
	int rc = ct_new("regicide", "players=2,first=0", NULL, NULL, 7, &h, err, sizeof err);
	CHECK(rc == CT_OK, "new: %d %s", rc, err);
	int32_t players = 0, actions = 0, size = 0;
	ct_sizes(h, &players, &actions, &size, err, sizeof err);
	CHECK(players == 2 && actions == 523 && size == 990, "sizes %d %d %d", players, actions, size);
	int32_t *legal = malloc(sizeof(int32_t) * actions);
	uint8_t *mask = malloc(actions);
	float *obs = malloc(sizeof(float) * size);
	int32_t n = 0;
	rc = ct_legal(h, 0, mask, actions, legal, actions, &n, err, sizeof err);
	CHECK(rc == CT_OK && n > 0 && mask[legal[0]] == 1, "legal: %d %d", rc, n);
	rc = ct_step(h, 1, legal[0], NULL, NULL, 0, NULL, 0, NULL, 0, NULL, err, sizeof err);
	CHECK(rc == CT_NOT_YOUR_TURN, "wrong seat: %d %s", rc, err);
	rc = ct_step(h, 5, legal[0], NULL, NULL, 0, NULL, 0, NULL, 0, NULL, err, sizeof err);
	CHECK(rc == CT_BAD_ARGUMENT, "no such seat: %d %s", rc, err);
	rc = ct_step(h, 0, 0, NULL, NULL, 0, NULL, 0, NULL, 0, NULL, err, sizeof err);
	CHECK(rc == CT_ILLEGAL && strstr(err, "not legal"), "illegal index: %d %s", rc, err);
	rc = ct_step(h, 0, -3, NULL, NULL, 0, NULL, 0, NULL, 0, NULL, err, sizeof err);
	CHECK(rc == CT_ILLEGAL, "negative index: %d %s", rc, err);
	rc = ct_observe(h, 0, NULL, size, err, sizeof err);
	CHECK(rc == CT_BAD_ARGUMENT, "NULL observation: %d %s", rc, err);
	rc = ct_observe(h, 0, obs, 3, err, sizeof err);
	CHECK(rc == CT_BAD_ARGUMENT, "short observation: %d %s", rc, err);
	rc = ct_legal(h, 0, mask, 10, NULL, 0, NULL, err, sizeof err);
	CHECK(rc == CT_BAD_ARGUMENT, "short mask: %d %s", rc, err);
	rc = ct_step_text(h, 0, "dance", err, sizeof err);
	CHECK(rc == CT_NOTATION, "notation: %d %s", rc, err);

	int32_t next = 0, over = 0;
	double returns[2];
	int steps = 0;
	while (next >= 0) {
		rc = ct_step(h, next, legal[0], &next, obs, size, mask, actions, returns, 2, &over, err, sizeof err);
		CHECK(rc == CT_OK, "step %d: %d %s", steps, rc, err);
		if (rc != CT_OK)
			break;
		steps++;
		if (next >= 0) {
			ct_legal(h, next, NULL, 0, legal, actions, &n, err, sizeof err);
			CHECK(n > 0 && mask[legal[0]] == 1, "the mask ct_step wrote is the next seat's");
		}
	}
	CHECK(over == 1 && returns[0] == returns[1], "over %d, returns %g %g", over, returns[0], returns[1]);
	rc = ct_step(h, 0, legal[0], NULL, NULL, 0, NULL, 0, NULL, 0, NULL, err, sizeof err);
	CHECK(rc == CT_GAME_OVER, "after the end: %d %s", rc, err);

	int64_t len = 0;
	char small[16];
	rc = ct_record(h, small, sizeof small, &len, err, sizeof err);
	CHECK(rc == CT_BUFFER && len > 16, "short record buffer: %d %lld", rc, (long long)len);
	char *rec = malloc(len + 1);
	rc = ct_record(h, rec, len + 1, &len, err, sizeof err);
	CHECK(rc == CT_OK && strstr(rec, "\"game\": \"regicide\"") && strstr(rec, "\"result\""), "record: %d", rc);
	free(rec);

	uint64_t d = 0;
	rc = ct_determinize(h, 0, 3, &d, err, sizeof err);
	CHECK(rc == CT_OK, "determinize: %d %s", rc, err);
	rc = ct_record(d, small, sizeof small, &len, err, sizeof err);
	CHECK(rc == CT_NO_RECORD, "a determinization's record: %d %s", rc, err);
	CHECK(ct_free(d, err, sizeof err) == CT_OK, "free");
	CHECK(ct_free(h, err, sizeof err) == CT_OK, "free");
	rc = ct_free(h, err, sizeof err);
	CHECK(rc == CT_BAD_HANDLE, "free twice: %d %s", rc, err);
	rc = ct_step(h, 0, 0, NULL, NULL, 0, NULL, 0, NULL, 0, NULL, err, sizeof err);
	CHECK(rc == CT_BAD_HANDLE, "step a freed game: %d %s", rc, err);
	free(legal);
	free(mask);
	free(obs);
}

/* Threads: each plays its own games, and all share one game too. */
static uint64_t shared;

static void *player(void *arg) {
	long id = (long)arg;
	char e[256];
	uint64_t h = 0;
	if (ct_new("watchtower", "players=3", NULL, NULL, (uint64_t)id, &h, e, sizeof e) != CT_OK)
		return (void *)1;
	int32_t legal[400], n = 0, next = 0, over = 0;
	for (int g = 0; g < 10; g++) {
		ct_reset(h, (uint64_t)(id * 100 + g), e, sizeof e);
		ct_status(h, &next, NULL, 0, NULL, 0, NULL, 0, &over, NULL, e, sizeof e);
		while (next >= 0) {
			ct_legal(h, next, NULL, 0, legal, 400, &n, e, sizeof e);
			if (ct_step(h, next, legal[(g + n) % n], &next, NULL, 0, NULL, 0, NULL, 0, NULL, e, sizeof e) != CT_OK)
				return (void *)2;
		}
		/* The shared game: any answer is fine, a crash is not. */
		int32_t seat = 0;
		ct_status(shared, &seat, NULL, 0, NULL, 0, NULL, 0, NULL, NULL, e, sizeof e);
		if (seat >= 0 && ct_legal(shared, seat, NULL, 0, legal, 400, &n, e, sizeof e) == CT_OK && n > 0)
			ct_step(shared, seat, legal[0], NULL, NULL, 0, NULL, 0, NULL, 0, NULL, e, sizeof e);
	}
	ct_free(h, e, sizeof e);
	return NULL;
}

static void threads(void) {
	int rc = ct_new("watchtower", NULL, NULL, NULL, 5, &shared, err, sizeof err);
	CHECK(rc == CT_OK, "shared: %d %s", rc, err);
	pthread_t t[4];
	for (long i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, player, (void *)i);
	for (int i = 0; i < 4; i++) {
		void *res;
		pthread_join(t[i], &res);
		CHECK(res == NULL, "thread %d failed: %ld", i, (long)res);
	}
	ct_free(shared, err, sizeof err);
}

int main(void) {
	CHECK(ct_abi_version() == 1, "abi version %d", ct_abi_version());
	refusals();
	game();
	threads();
	if (failures) {
		fprintf(stderr, "%d checks failed\n", failures);
		return 1;
	}
	printf("ok\n");
	return 0;
}
