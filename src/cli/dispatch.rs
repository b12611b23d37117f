//! Running a parsed engine command ([`super::args::Command`]): each command's report printed,
//! and how it ended turned into the exit code.

use super::args::Command;

/// How a command that did its work ended.
pub enum Ran {
    Ok,
    /// It ran, but what it checks did not hold (a bench score differs from the known one): exit 1.
    CheckFailed,
}

/// A command that could not do its work: the line for standard error, and the exit code.
pub struct Failure {
    pub line: String,
    pub code: u8,
}

impl From<String> for Failure {
    /// Bad input or a file that could not be read or written: exit 2.
    fn from(message: String) -> Failure {
        Failure {
            line: format!("reversi: {message}"),
            code: 2,
        }
    }
}

/// Prints a command's report: the command is done.
pub fn print(report: String) -> Ran {
    println!("{report}");
    Ran::Ok
}

/// Runs one engine command; every command's result goes through here to its exit code.
pub fn run(command: Command) -> Result<Ran, Failure> {
    use crate::{ai, cli};
    let cores = ai::parallel::cores;
    Ok(match command {
        Command::Perft {
            depth,
            board,
            variant,
        } => print(cli::perft_report(
            variant.variant()?,
            depth,
            board.as_deref(),
        )?),
        Command::Solve {
            positions,
            threads,
            probes,
            variant,
        } => print(cli::solve_report(
            variant.variant()?,
            &positions,
            threads.unwrap_or_else(cores),
            probes,
        )?),
        Command::Analyse {
            game,
            depth,
            variant,
        } => print(cli::analyse_report(variant.variant()?, &game, depth)?),
        Command::Bench {
            midgame: true,
            depth,
            selective,
            eval,
            threads,
            ..
        } => {
            let threads = threads.unwrap_or_else(cores);
            cli::midgame_bench_report(depth, selective, eval, threads, |line| println!("{line}"))?;
            Ran::Ok
        }
        Command::Bench {
            first,
            last,
            threads,
            probes,
            ..
        } => {
            let threads = threads.unwrap_or_else(cores);
            let (_, all_match) =
                cli::bench_report(first, last, threads, probes, |line| println!("{line}"))?;
            if all_match { Ran::Ok } else { Ran::CheckFailed }
        }
        Command::Openings {
            count,
            plies,
            depth,
            max_eval,
            seed,
        } => {
            let search = cli::OpeningSearch {
                count,
                plies,
                depth,
                max_eval: (max_eval * f64::from(ai::eval::DISC)).round() as i32,
                seed,
            };
            cli::balanced_openings(search, |o| println!("{}", o.to_line()))?;
            Ran::Ok
        }
        Command::Match {
            first,
            second,
            games,
            skip,
            seed,
            first_eval,
            second_eval,
            first_selective,
            second_selective,
            first_threads,
            second_threads,
            time_ms,
            no_book,
            book_within,
            from_start,
            programs,
            variant,
        } => {
            let variant = variant.variant()?;
            let (first, second) = (programs.apply(first), programs.apply(second));
            let off = |side| no_book.is_some_and(|off| off == cli::BookOff::Both || off == side);
            let tuning = |evaluator, selective, threads, side| ai::Tuning {
                evaluator,
                selective,
                threads,
                no_book: off(side),
                book_within,
            };
            let budget = time_ms.map(std::time::Duration::from_millis);
            let played = cli::play_match(
                variant,
                (
                    first,
                    tuning(
                        first_eval,
                        first_selective,
                        first_threads,
                        cli::BookOff::First,
                    ),
                ),
                (
                    second,
                    tuning(
                        second_eval,
                        second_selective,
                        second_threads,
                        cli::BookOff::Second,
                    ),
                ),
                cli::Schedule {
                    games: skip..skip + games,
                    seed,
                    from_start,
                },
                budget,
                |line| println!("{line}"),
            );
            let (score, [first, second]) = played.map_err(|message| Failure {
                line: format!("reversi match: {message}"),
                code: 1,
            })?;
            print(format!(
                "{first} vs {second}: +{} ={} -{} ({:.1} %), disc difference {:+}; \
                 time to move {:.1} s against {:.1} s",
                score.wins,
                score.draws,
                score.losses,
                score.percent(),
                score.disc_difference,
                score.seconds[0],
                score.seconds[1]
            ))
        }
        Command::Tournament {
            engines,
            format,
            openings,
            rounds,
            threads,
            time_ms,
            seed,
            out,
            ggf,
            tie_breaks,
            complete_with,
            programs,
            variant,
        } => {
            let variant = variant.variant()?;
            let engines = engines
                .into_iter()
                .map(|text| {
                    let contender = programs.apply(text.parse::<cli::Contender>()?);
                    Ok((text, contender))
                })
                .collect::<Result<Vec<_>, String>>()?;
            if rounds.is_some() != (format == cli::tournament::Format::Swiss) {
                return Err(Failure::from(
                    "--rounds goes with --format swiss, and only with it (a round robin and a \
                     gauntlet play --openings)"
                        .to_string(),
                ));
            }
            let ggf = ggf.unwrap_or_else(|| out.with_extension("ggf"));
            if ggf == out {
                return Err(Failure::from(format!(
                    "--ggf {} is the tournament's own file",
                    ggf.display()
                )));
            }
            let spec = cli::tournament::Spec {
                plan: cli::tournament::Plan {
                    format,
                    players: engines.len(),
                    openings,
                    swiss_rounds: rounds.unwrap_or(0),
                },
                engines,
                seed,
                variant,
                budget: time_ms.map(std::time::Duration::from_millis),
                tie_breaks,
                completion: complete_with,
                threads,
                file: out,
                ggf,
            };
            let report = cli::tournament::run_tournament(&spec, |line| println!("{line}"));
            print(report.map_err(|stop| match stop {
                cli::tournament::Stop::Input(why) => Failure::from(format!("tournament: {why}")),
                cli::tournament::Stop::Run(why) => Failure {
                    line: format!("reversi tournament: {why}"),
                    code: 1,
                },
            })?)
        }
        Command::Selfplay {
            games,
            seed,
            threads,
            eval,
            depth,
            exact,
            result_weight,
            from,
            from_discs,
            out,
            variant,
        } => {
            let config = ai::train::SelfPlay {
                games,
                seed,
                depth,
                exact,
                evaluator: eval,
                result_weight,
                starts: &[],
            };
            let from = from.map(|file| (file, from_discs));
            print(cli::selfplay_report(
                variant.variant()?,
                config,
                from,
                threads,
                &out,
            )?)
        }
        Command::Treesample {
            sources,
            empties,
            count,
            bits,
            threads,
            out,
        } => print(cli::treesample_report(
            &sources, empties, count, bits, threads, &out,
        )?),
        Command::Wthor {
            files,
            out,
            shuffle,
            check,
        } => print(cli::wthor_report(&files, out.as_deref(), shuffle, check)?),
        Command::Mpc {
            samples,
            positions,
            eval,
            threads,
            out,
        } => print(cli::mpc_report(
            &samples,
            positions,
            eval,
            threads,
            out.as_deref(),
        )?),
        Command::Relabel {
            samples,
            depth,
            exact,
            result_weight,
            min_discs,
            max_discs,
            eval,
            every,
            threads,
            out,
        } => {
            let how = cli::Relabel {
                depth,
                exact,
                result_weight,
                min_discs,
                max_discs,
                every,
                eval,
            };
            print(cli::relabel_report(&samples, how, threads, &out)?)
        }
        Command::Train {
            samples,
            epochs,
            threads,
            init,
            phases,
            overlay,
            out,
            model,
            pull,
        } => {
            let how = cli::TrainHow {
                epochs,
                threads: threads.unwrap_or_else(cores),
                init: init.as_deref(),
                phases: phases.as_deref(),
                overlay,
                model,
                pull,
            };
            print(cli::train_report(&samples, &how, &out)?)
        }
        Command::Nboard => {
            crate::protocol::nboard::run_stdio();
            Ran::Ok
        }
        #[cfg(feature = "server")]
        Command::Serve {
            addr,
            db,
            web,
            rooms_per_address,
            unseated_per_address,
            grace,
            commit_delay_ms,
            advertise,
            trust_proxy,
        } => {
            use crate::server;
            use crate::server::store::Database;
            let db = match db {
                Some(text) => Database::parse(&text),
                None => Database::Sqlite(server::default_db().ok_or_else(|| {
                    "no data directory for the rooms' database: pass --db FILE".to_string()
                })?),
            };
            if let Database::Sqlite(file) = &db
                && let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty())
            {
                std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            server::serve(server::Options {
                addr,
                db,
                web,
                advertise,
                config: server::Config {
                    rooms_per_address,
                    unseated_per_address,
                    grace: std::time::Duration::from_secs(grace),
                    commit_delay: std::time::Duration::from_millis(commit_delay_ms),
                    trusted_proxies: trust_proxy,
                    ..server::Config::default()
                },
            })?;
            Ran::Ok
        }
        #[cfg(feature = "server")]
        Command::Loadtest {
            url,
            rooms,
            seconds,
            think_ms,
            seed,
            waiting,
            list_rooms,
            kill,
        } => {
            let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
            print(runtime.block_on(crate::server::loadtest::run(
                crate::server::loadtest::Load {
                    url,
                    rooms,
                    seconds,
                    think_ms,
                    seed,
                    waiting,
                    list_rooms,
                    kill,
                },
            ))?)
        }
        #[cfg(feature = "server")]
        Command::HaproxyConfig { listen, servers } => {
            print!(
                "{}",
                crate::server::chaos::haproxy_config(&listen, &servers)
            );
            Ran::Ok
        }
        #[cfg(feature = "server")]
        Command::Chaos {
            rooms,
            instances,
            kills,
            life_ms,
            think_ms,
            commit_delay_ms,
            db,
            server,
            seed,
        } => {
            let binary = match server {
                Some(binary) => binary,
                None => std::env::current_exe().map_err(|e| e.to_string())?,
            };
            let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
            let report =
                runtime.block_on(crate::server::chaos::run(crate::server::chaos::Chaos {
                    binary,
                    db,
                    rooms,
                    instances,
                    kills,
                    life_ms: (life_ms[0], life_ms[1]),
                    think_ms,
                    commit_delay_ms,
                    seed,
                }))?;
            println!("{}", report.text());
            if !report.passed() {
                return Err(Failure {
                    line: "reversi chaos: the database does not hold what the clients were told"
                        .into(),
                    code: 1,
                });
            }
            Ran::Ok
        }
        #[cfg(not(feature = "server"))]
        Command::Serve { .. }
        | Command::Loadtest { .. }
        | Command::Chaos { .. }
        | Command::HaproxyConfig { .. } => {
            return Err(Failure {
                line: "reversi: this build has no server; build it with `--features server` \
                       (scripts/serve does)"
                    .into(),
                code: 2,
            });
        }
        Command::Book { action } => {
            cli::book::run(action)?;
            Ran::Ok
        }
        Command::Db { action } => {
            cli::db::run(action)?;
            Ran::Ok
        }
        Command::Net { action } => {
            if cli::net::run(action)? {
                Ran::Ok
            } else {
                Ran::CheckFailed
            }
        }
        Command::Puzzles { action } => {
            if cli::puzzles::run(action)? {
                Ran::Ok
            } else {
                Ran::CheckFailed
            }
        }
        Command::Gtp { level, seed } => {
            crate::protocol::gtp::run_stdio(level, seed);
            Ran::Ok
        }
    })
}
