"""Teachers and the Ray actors that wrap each stage.

Pure parts (no Ray): ``plan`` (round planning, stable ids and seeds),
``episodes`` (generator -> environment -> teacher), ``sink`` (certify and write
shards, exactly once per id), ``support`` (inventory, deficits, targets,
selection). Ray shells: ``workers`` (EnvWorker, CertifierActor, SelectorActor),
``fleet`` (EnvWorker pools with retries), ``teacher_engine`` (a shared model
teacher holding GPUs), ``learner`` (the learner actor group).
"""
