"""Which notebook bench_real works on next: repositories in turn, never two runs in one at once."""

import threading


def interleaved(groups):
    """Notebooks one repository after another in turn (each repository's in their own order)."""
    queues = [list(notebooks) for notebooks in groups.values()]
    order = []
    while any(queues):
        for queue in queues:
            if queue:
                order.append(queue.pop(0))
    return order


def run_all(notebooks, jobs, repository_of, work):
    """
    Calls `work(notebook)` for every notebook on `jobs` threads; a notebook waits while another
    of its repository is being worked on (they share its copies). Returns the results in order.
    """
    pending = list(notebooks)
    busy = set()
    results = {}
    changed = threading.Condition()

    def worker():
        while True:
            with changed:
                while True:
                    free = [nb for nb in pending if repository_of(nb) not in busy]
                    if free or not pending:
                        break
                    changed.wait()
                if not pending:
                    return
                notebook = free[0]
                pending.remove(notebook)
                busy.add(repository_of(notebook))
            try:
                results[id(notebook)] = work(notebook)
            finally:
                with changed:
                    busy.discard(repository_of(notebook))
                    changed.notify_all()

    threads = [threading.Thread(target=worker) for _ in range(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [results[id(nb)] for nb in notebooks]
